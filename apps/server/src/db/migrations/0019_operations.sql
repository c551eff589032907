-- Operations: the daily tallies the moderators' insights chart (counts every instance adds every
-- few seconds), and the indexes that let the insights count sign-ups, reports and decisions per day
-- from their own rows without reading whole tables.
CREATE TABLE "daily_tallies" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "daily_tallies_day_name_pk" PRIMARY KEY("day","name")
);
--> statement-breakpoint
CREATE INDEX "moderation_actions_created_at_idx" ON "moderation_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_created_at_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");