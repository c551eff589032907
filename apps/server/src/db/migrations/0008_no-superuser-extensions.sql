-- The database no longer needs the cube and earthdistance extensions (earthdistance is not
-- trusted: only a superuser may create it). A database migrated before keeps them installed but
-- stops using them:
-- - the ZIP radius index over ll_to_earth goes: nothing reads it since the preliminary match
--   reads match_points, and autovacuum could not evaluate it with earthdistance 1.1, whose
--   ll_to_earth names the type earth without its schema (maintenance runs with a search_path of
--   pg_catalog only, so inlining it failed with: type "earth" does not exist);
-- - the search's geometry writes out earthdistance's radius, 6378168 meters, instead of calling
--   earth(); the values are the same, so match_points rows stay as they are.
DROP INDEX IF EXISTS "zip_codes_earth_idx";--> statement-breakpoint
-- The chord between two unit vectors whose great circle on the search's sphere spans `miles`.
CREATE OR REPLACE FUNCTION "match_reach_chord"(miles double precision) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2 * sin(least(pi() / 2, miles * 1609.344 / (2 * 6378168::double precision)))
$$;--> statement-breakpoint
-- The boxes the search reads, one per radius band (as in migration 0005).
CREATE OR REPLACE FUNCTION "match_search_boxes"(latitude double precision, longitude double precision, radius_miles double precision)
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
$$;
