-- Hashes written before this column were made with the first way of trimming a photo's border;
-- the recompute job rewrites them (PHOTO_HASH_SCHEME).
ALTER TABLE "photo_hashes" ADD COLUMN "scheme" smallint DEFAULT 1 NOT NULL;