CREATE TABLE "non_negotiables" (
	"user_id" text PRIMARY KEY NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reading" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reading_confirmed_at" timestamp with time zone,
	"pending" jsonb,
	"fact_bits" bigint DEFAULT 0 NOT NULL,
	"refused_bits" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_points" ADD COLUMN "fact_bits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_points" ADD COLUMN "refused_bits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "limit_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "non_negotiables" ADD CONSTRAINT "non_negotiables_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;