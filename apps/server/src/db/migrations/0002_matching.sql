CREATE TABLE "narratives" (
	"user_id" text PRIMARY KEY NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"goals" text DEFAULT '' NOT NULL,
	"best_qualities" text DEFAULT '' NOT NULL,
	"worst_qualities" text DEFAULT '' NOT NULL,
	"partner_preferences" text DEFAULT '' NOT NULL,
	"dealbreakers" text DEFAULT '' NOT NULL,
	"contributions" text DEFAULT '' NOT NULL,
	"past_relationships" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "searches" (
	"user_id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"candidate_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "narratives" ADD CONSTRAINT "narratives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A GiST index over each ZIP's point on the earth (ll_to_earth) once stood here, with the cube and
-- earthdistance extensions it needs; only a superuser may create earthdistance. Nothing reads
-- that index any more, so a new database never gets it, and migration 0008 removes it from a
-- database that has it.
-- The searchable pool only: people who are active, verified, done with the interview and with
-- photos, reached by ZIP and narrowed by gender and age inside the index.
CREATE INDEX "profiles_match_pool_idx" ON "profiles" ("zip_code", "gender", "age") WHERE "status" = 'active' AND "verified" AND "chat_complete" AND "pictures_uploaded";
