ALTER TABLE "matches" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "distance_band_miles" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
-- Pairs scored before this migration get their band from the two ZIP codes as they are now
-- (haversine on a 3,958.8-mile sphere), the same bands as the search: 10, 25, 50, 100, 250, 500.
UPDATE "matches" AS m SET "distance_band_miles" = CASE
    WHEN d.miles <= 10 THEN 10 WHEN d.miles <= 25 THEN 25 WHEN d.miles <= 50 THEN 50
    WHEN d.miles <= 100 THEN 100 WHEN d.miles <= 250 THEN 250 ELSE 500 END
  FROM (
    SELECT mm."user_id", mm."candidate_id",
           2 * 3958.8 * asin(sqrt(
             power(sin(radians(zb."latitude" - za."latitude") / 2), 2) +
             cos(radians(za."latitude")) * cos(radians(zb."latitude")) *
             power(sin(radians(zb."longitude" - za."longitude") / 2), 2))) AS miles
    FROM "matches" mm
    JOIN "profiles" pa ON pa."user_id" = mm."user_id"
    JOIN "profiles" pb ON pb."user_id" = mm."candidate_id"
    JOIN "zip_codes" za ON za."zip" = pa."zip_code"
    JOIN "zip_codes" zb ON zb."zip" = pb."zip_code"
  ) AS d
  WHERE d."user_id" = m."user_id" AND d."candidate_id" = m."candidate_id";
