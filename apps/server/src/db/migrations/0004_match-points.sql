CREATE TABLE "match_points" (
	"user_id" text PRIMARY KEY NOT NULL,
	"gender" text NOT NULL,
	"seeking_gender" text NOT NULL,
	"age" integer NOT NULL,
	"min_age" integer NOT NULL,
	"max_age" integer NOT NULL,
	"search_radius" integer NOT NULL,
	"radius_band" integer NOT NULL,
	"lat_cell" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"z" double precision NOT NULL,
	"reach_chord" double precision NOT NULL
);
--> statement-breakpoint
-- The preliminary match reads only this index (an index-only scan): per radius band, the wanted
-- genders, the latitude cells of the search box and a longitude range; the rest of the mutual
-- rules (age both ways, exact distance both ways) are checked on the index entries.
CREATE INDEX "match_points_search_idx" ON "match_points" ("radius_band", "gender", "seeking_gender", "lat_cell", "longitude") INCLUDE ("latitude", "age", "min_age", "max_age", "x", "y", "z", "reach_chord", "user_id");--> statement-breakpoint
-- Keeps match_points in step with profiles: a person has a row exactly while searchable.
CREATE FUNCTION "match_points_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM match_points WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' AND NEW.verified AND NEW.chat_complete
     AND NEW.pictures_uploaded AND NEW.age IS NOT NULL THEN
    INSERT INTO match_points (user_id, gender, seeking_gender, age, min_age, max_age, search_radius,
                              radius_band, lat_cell, latitude, longitude, x, y, z, reach_chord)
    SELECT NEW.user_id, NEW.gender, NEW.seeking_gender, NEW.age,
           NEW.age + coalesce(NEW.age_range_min, -5), NEW.age + coalesce(NEW.age_range_max, 5),
           NEW.search_radius,
           CASE WHEN NEW.search_radius <= 10 THEN 10 WHEN NEW.search_radius <= 25 THEN 25
                WHEN NEW.search_radius <= 50 THEN 50 WHEN NEW.search_radius <= 100 THEN 100
                WHEN NEW.search_radius <= 250 THEN 250 ELSE 500 END,
           floor(z.latitude * 2)::int, z.latitude, z.longitude,
           cos(radians(z.latitude)) * cos(radians(z.longitude)), cos(radians(z.latitude)) * sin(radians(z.longitude)),
           sin(radians(z.latitude)),
           -- The search's sphere has a radius of 6378168 meters; 1609.344 meters to the mile.
           2 * sin(least(pi() / 2, NEW.search_radius * 1609.344 / (2 * 6378168::double precision)))
    FROM zip_codes z WHERE z.zip = NEW.zip_code;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_match_points_sync" AFTER INSERT OR DELETE OR UPDATE OF "status", "verified", "chat_complete",
  "pictures_uploaded", "age", "age_range_min", "age_range_max", "gender", "seeking_gender", "search_radius", "zip_code"
  ON "profiles" FOR EACH ROW EXECUTE FUNCTION "match_points_sync"();--> statement-breakpoint
-- Profiles that existed before this migration.
UPDATE "profiles" SET "zip_code" = "zip_code";--> statement-breakpoint
-- The ZIP-first query that used this index is gone.
DROP INDEX IF EXISTS "profiles_match_pool_idx";
