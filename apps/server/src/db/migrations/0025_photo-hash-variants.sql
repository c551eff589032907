-- Difference hashes cannot be compared with the perceptual hashes that replace them.
DELETE FROM "photo_hashes";--> statement-breakpoint
ALTER TABLE "photo_hashes" DROP CONSTRAINT "photo_hashes_user_id_photo_url_pk";--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD COLUMN "variant" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_user_id_photo_url_variant_pk" PRIMARY KEY("user_id","photo_url","variant");
