CREATE TABLE "duplicate_photos" (
	"user_id" text NOT NULL,
	"photo_url" text NOT NULL,
	"other_user_id" text NOT NULL,
	"other_photo_url" text NOT NULL,
	"distance" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_photos_user_id_photo_url_other_user_id_other_photo_url_pk" PRIMARY KEY("user_id","photo_url","other_user_id","other_photo_url")
);
--> statement-breakpoint
CREATE TABLE "photo_hashes" (
	"user_id" text NOT NULL,
	"photo_url" text NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_hashes_user_id_photo_url_pk" PRIMARY KEY("user_id","photo_url")
);
--> statement-breakpoint
ALTER TABLE "duplicate_photos" ADD CONSTRAINT "duplicate_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_photos" ADD CONSTRAINT "duplicate_photos_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_photos_other_idx" ON "duplicate_photos" USING btree ("other_user_id");--> statement-breakpoint
CREATE INDEX "photo_hashes_band0_idx" ON "photo_hashes" USING btree ("band0","hash");--> statement-breakpoint
CREATE INDEX "photo_hashes_band1_idx" ON "photo_hashes" USING btree ("band1","hash");--> statement-breakpoint
CREATE INDEX "photo_hashes_band2_idx" ON "photo_hashes" USING btree ("band2","hash");--> statement-breakpoint
CREATE INDEX "photo_hashes_band3_idx" ON "photo_hashes" USING btree ("band3","hash");