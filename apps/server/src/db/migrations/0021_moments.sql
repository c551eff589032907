-- The moments that matter: what a person told Sam is wrong in their narrative, the introduction they
-- approved for candidates to read, and whether each side has seen the screen that follows a connection
-- (connections made before it existed count as seen).
CREATE TABLE "narrative_corrections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"field" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_intros" (
	"user_id" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "moment_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "narrative_corrections" ADD CONSTRAINT "narrative_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_intros" ADD CONSTRAINT "profile_intros_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "narrative_corrections_user_idx" ON "narrative_corrections" USING btree ("user_id","id");--> statement-breakpoint
UPDATE "matches" SET "moment_seen_at" = "connected_at" WHERE "status" = 'connected';