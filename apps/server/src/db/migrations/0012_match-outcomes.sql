CREATE TABLE "match_outcomes" (
	"user_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "match_outcomes_user_id_candidate_id_pk" PRIMARY KEY("user_id","candidate_id")
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "connected_at" timestamp with time zone;--> statement-breakpoint
-- Pairs connected before this migration: a connected record does not change again, so its last
-- change is when it connected.
UPDATE "matches" SET "connected_at" = "updated_at" WHERE "status" = 'connected';--> statement-breakpoint
ALTER TABLE "match_outcomes" ADD CONSTRAINT "match_outcomes_match_fk" FOREIGN KEY ("user_id","candidate_id") REFERENCES "public"."matches"("user_id","candidate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matches_connected_at_idx" ON "matches" USING btree ("connected_at") WHERE "matches"."connected_at" is not null;