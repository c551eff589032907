ALTER TABLE "profiles" ADD COLUMN "birthday_changes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "searches_day" text;--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "searches_that_day" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The search reaches at least 10 miles around a ZIP code whatever the radius slider says (it still
-- goes down to 1 mile), so a search that finds someone never places them closer than that. Both
-- ends of the mutual radius rule read these two functions, so the floor holds for the searcher's
-- radius and the candidate's alike.
CREATE OR REPLACE FUNCTION "match_reach_chord"(miles double precision) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2 * sin(least(pi() / 2, greatest(miles, 10) * 1609.344 / (2 * 6378168::double precision)))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "match_search_boxes"(latitude double precision, longitude double precision, radius_miles double precision)
RETURNS TABLE (band integer, lat_min double precision, lat_max double precision, lat_cells integer[],
               lon_min double precision, lon_max double precision)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT b.band, latitude - a.dlat, latitude + a.dlat,
         ARRAY(SELECT generate_series(floor((latitude - a.dlat) * 10)::int, floor((latitude + a.dlat) * 10)::int)),
         CASE WHEN o.fits THEN longitude - o.dlon ELSE -180 END,
         CASE WHEN o.fits THEN longitude + o.dlon ELSE 180 END
  FROM unnest(ARRAY[10, 25, 50, 100, 250, 500]) AS b(band)
  CROSS JOIN LATERAL (SELECT greatest(radius_miles, 10) AS reach_miles) m
  -- The top band reaches my whole reach.
  CROSS JOIN LATERAL (
    SELECT (CASE WHEN b.band = 500 THEN m.reach_miles ELSE least(m.reach_miles, b.band) END) * 1609.344 / 6378168::double precision + 1e-9
           AS angle) r
  CROSS JOIN LATERAL (SELECT r.angle, degrees(r.angle) + 1e-7 AS dlat) a
  -- The widest longitude difference of a point within the angle of the centre.
  CROSS JOIN LATERAL (
    SELECT CASE WHEN abs(latitude) + a.dlat < 89 AND a.angle < pi() / 2
                THEN degrees(asin(least(1, sin(a.angle) / cos(radians(latitude))))) * (1 + 1e-9) + 1e-7 END AS dlon) d
  CROSS JOIN LATERAL (
    SELECT d.dlon, d.dlon IS NOT NULL AND longitude - d.dlon >= -180 AND longitude + d.dlon <= 180 AS fits) o
$$;--> statement-breakpoint
-- Searchable people keep their reach in match_points: recompute it under the floor.
UPDATE "match_points" SET "reach_chord" = match_reach_chord("search_radius");
