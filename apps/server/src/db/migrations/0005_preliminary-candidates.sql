-- The preliminary match moves into the database as one function, `preliminary_candidates`: one
-- round trip per search, one plan per connection, no parallel workers (docs/decisions/0008).
-- match_points is derived from profiles, so it is emptied here and refilled by its trigger below.
DROP INDEX IF EXISTS "match_points_search_idx";--> statement-breakpoint
TRUNCATE "match_points";--> statement-breakpoint
ALTER TABLE "match_points" ALTER COLUMN "gender" SET DATA TYPE smallint USING 0;--> statement-breakpoint
ALTER TABLE "match_points" ALTER COLUMN "seeking_gender" SET DATA TYPE smallint USING 0;--> statement-breakpoint
-- Gender codes in match_points: 0 '' (non-binary or unselected), 1 man, 2 woman.
CREATE FUNCTION "match_gender_code"(gender text) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE gender WHEN 'man' THEN 1 WHEN 'woman' THEN 2 ELSE 0 END)::smallint
$$;--> statement-breakpoint
-- The chord between two unit vectors whose great circle on the search's sphere spans `miles`:
-- the distance along the sphere is <= miles exactly when |a - b| (unit vectors) <= this. The
-- sphere is earthdistance's, radius 6378168 meters; 1609.344 meters to the mile.
CREATE FUNCTION "match_reach_chord"(miles double precision) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2 * sin(least(pi() / 2, miles * 1609.344 / (2 * 6378168::double precision)))
$$;--> statement-breakpoint
-- The boxes the search reads, one per radius band. Someone in band B can be a mutual fit only
-- within min(my radius, B) of me, since they must be within their own radius too, so a band's box
-- reaches no further. Each box holds every point within its reach on the search's sphere (with
-- a margin for rounding): its latitude range, the latitude cells (floor(latitude * 10)) that range
-- touches, and its longitude range, which is every longitude when the box reaches a pole or
-- crosses the antimeridian.
CREATE FUNCTION "match_search_boxes"(latitude double precision, longitude double precision, radius_miles double precision)
RETURNS TABLE (band integer, lat_min double precision, lat_max double precision, lat_cells integer[],
               lon_min double precision, lon_max double precision)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT b.band, latitude - a.dlat, latitude + a.dlat,
         ARRAY(SELECT generate_series(floor((latitude - a.dlat) * 10)::int, floor((latitude + a.dlat) * 10)::int)),
         CASE WHEN o.fits THEN longitude - o.dlon ELSE -180 END,
         CASE WHEN o.fits THEN longitude + o.dlon ELSE 180 END
  FROM unnest(ARRAY[10, 25, 50, 100, 250, 500]) AS b(band)
  -- The top band reaches my whole radius.
  CROSS JOIN LATERAL (
    SELECT (CASE WHEN b.band = 500 THEN radius_miles ELSE least(radius_miles, b.band) END) * 1609.344 / 6378168::double precision + 1e-9
           AS angle) r
  CROSS JOIN LATERAL (SELECT r.angle, degrees(r.angle) + 1e-7 AS dlat) a
  -- The widest longitude difference of a point within the angle of the centre.
  CROSS JOIN LATERAL (
    SELECT CASE WHEN abs(latitude) + a.dlat < 89 AND a.angle < pi() / 2
                THEN degrees(asin(least(1, sin(a.angle) / cos(radians(latitude))))) * (1 + 1e-9) + 1e-7 END AS dlon) d
  CROSS JOIN LATERAL (
    SELECT d.dlon, d.dlon IS NOT NULL AND longitude - d.dlon >= -180 AND longitude + d.dlon <= 180 AS fits) o
$$;--> statement-breakpoint
-- Keeps match_points in step with profiles: a person has a row exactly while searchable.
CREATE OR REPLACE FUNCTION "match_points_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM match_points WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' AND NEW.verified AND NEW.chat_complete
     AND NEW.pictures_uploaded AND NEW.age IS NOT NULL THEN
    INSERT INTO match_points (user_id, gender, seeking_gender, age, min_age, max_age, search_radius,
                              radius_band, lat_cell, latitude, longitude, x, y, z, reach_chord)
    SELECT NEW.user_id, match_gender_code(NEW.gender), match_gender_code(NEW.seeking_gender), NEW.age,
           NEW.age + coalesce(NEW.age_range_min, -5), NEW.age + coalesce(NEW.age_range_max, 5),
           NEW.search_radius,
           CASE WHEN NEW.search_radius <= 10 THEN 10 WHEN NEW.search_radius <= 25 THEN 25
                WHEN NEW.search_radius <= 50 THEN 50 WHEN NEW.search_radius <= 100 THEN 100
                WHEN NEW.search_radius <= 250 THEN 250 ELSE 500 END,
           floor(z.latitude * 10)::int, z.latitude, z.longitude,
           cos(radians(z.latitude)) * cos(radians(z.longitude)), cos(radians(z.latitude)) * sin(radians(z.longitude)),
           sin(radians(z.latitude)), match_reach_chord(NEW.search_radius)
    FROM zip_codes z WHERE z.zip = NEW.zip_code;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "profiles" SET "zip_code" = "zip_code";--> statement-breakpoint
-- The search reads only this index (an index-only scan): per band, the wanted genders, the box's
-- latitude cells and longitude range; ages and latitude are key columns so the index itself
-- rejects entries outside them; the exact distance is checked on the included columns.
CREATE INDEX "match_points_search_idx" ON "match_points" ("radius_band", "gender", "seeking_gender", "lat_cell", "longitude", "age", "min_age", "max_age", "latitude") INCLUDE ("x", "y", "z", "reach_chord", "user_id");--> statement-breakpoint
-- The preliminary match (the search's second step, after the narrative): everyone who fits the searcher and whom
-- the searcher fits, both ways — the genders each seeks (seeking '' is open to anyone; a person
-- whose own gender is '' is found only by people open to anyone), each one's age inside the
-- other's window, each within the other's radius — never the searcher, never someone with a
-- match record either way (which includes every pair that declined). Every eligible person, no
-- cap; the cost grows with the people inside the boxes, not with all users.
-- Its statements are planned once per connection (generic plans: the shape suits every searcher)
-- and never in parallel: a search reads a few thousand index entries, less than starting workers
-- costs.
CREATE FUNCTION "preliminary_candidates"(searcher_id text) RETURNS SETOF text
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  me record;
  box record;
  sought smallint[];
  seeking_me smallint[];
  my_reach_sq double precision;
BEGIN
  SELECT p.gender, p.seeking_gender, p.age, p.search_radius,
         p.age + coalesce(p.age_range_min, -5) AS min_age, p.age + coalesce(p.age_range_max, 5) AS max_age,
         zc.latitude, zc.longitude,
         cos(radians(zc.latitude)) * cos(radians(zc.longitude)) AS ux,
         cos(radians(zc.latitude)) * sin(radians(zc.longitude)) AS uy,
         sin(radians(zc.latitude)) AS uz
    INTO me
    FROM profiles p JOIN zip_codes zc ON zc.zip = p.zip_code
   WHERE p.user_id = searcher_id AND p.age IS NOT NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  sought := CASE WHEN me.seeking_gender = '' THEN ARRAY[0, 1, 2]::smallint[]
                 ELSE ARRAY[match_gender_code(me.seeking_gender)] END;
  seeking_me := CASE WHEN me.gender = '' THEN ARRAY[0]::smallint[]
                     ELSE ARRAY[match_gender_code(me.gender), 0]::smallint[] END;
  my_reach_sq := match_reach_chord(me.search_radius) ^ 2;
  FOR box IN SELECT * FROM match_search_boxes(me.latitude, me.longitude, me.search_radius) LOOP
    RETURN QUERY
      SELECT c.user_id FROM match_points c
       WHERE c.radius_band = box.band
         AND c.gender = ANY (sought) AND c.seeking_gender = ANY (seeking_me)
         AND c.lat_cell = ANY (box.lat_cells)
         AND c.longitude BETWEEN box.lon_min AND box.lon_max
         AND c.age BETWEEN me.min_age AND me.max_age AND c.min_age <= me.age AND c.max_age >= me.age
         AND c.latitude BETWEEN box.lat_min AND box.lat_max
         AND (c.x - me.ux) * (c.x - me.ux) + (c.y - me.uy) * (c.y - me.uy) + (c.z - me.uz) * (c.z - me.uz)
             <= least(my_reach_sq, c.reach_chord * c.reach_chord)
         AND c.user_id <> searcher_id
         AND c.user_id NOT IN (SELECT m.candidate_id FROM matches m WHERE m.user_id = searcher_id
                               UNION ALL SELECT m.user_id FROM matches m WHERE m.candidate_id = searcher_id);
  END LOOP;
END
$$;
