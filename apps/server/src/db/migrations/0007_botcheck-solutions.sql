CREATE TABLE "botcheck_solutions" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "botcheck_solutions_expires_idx" ON "botcheck_solutions" USING btree ("expires_at");