ALTER TABLE "reports" DROP CONSTRAINT "reports_reporter_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "reports_reporter_day_idx";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "mailbox" text GENERATED ALWAYS AS (mailbox_of(email)) STORED NOT NULL;--> statement-breakpoint
-- Reports made before mailboxes were counted stand for their account alone, and counted as
-- they did then.
ALTER TABLE "reports" ADD COLUMN "reporter_mailbox_key" text;--> statement-breakpoint
UPDATE "reports" SET "reporter_mailbox_key" = 'account:' || "reporter_id";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_mailbox_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_address_key" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "counts_toward_hide" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "reports" SET "counts_toward_hide" = true;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_mailbox_idx" ON "profiles" USING btree ("mailbox");--> statement-breakpoint
CREATE INDEX "reports_reporter_mailbox_day_idx" ON "reports" USING btree ("reporter_mailbox_key","created_at");--> statement-breakpoint
-- A hide never outlives its evidence: lift those whose reports were deleted with their reporters'
-- accounts (reports used to go with them).
UPDATE "profiles" SET "shadow_hidden_at" = NULL
WHERE "shadow_hidden_at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "reports" r WHERE r."reported_id" = "profiles"."user_id" AND r."resolved_at" IS NULL);
