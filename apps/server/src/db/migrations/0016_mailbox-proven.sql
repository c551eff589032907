ALTER TABLE "users" ADD COLUMN "mailbox_proven_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made with Google and never given a password: Google vouched for the address. Every
-- other account verified before this column existed may have been verified by whoever opened its
-- link, so it stays unproven until its holder sets the password through a reset link.
UPDATE "users" SET "mailbox_proven_at" = now()
WHERE "email_verified"
  AND NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a."user_id" = "users"."id" AND a."password" IS NOT NULL);
