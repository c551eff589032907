-- The current definition of this function, as pg_get_functiondef prints it (without the schema).
-- Edit it here, then write its migration with
--   npm run db:function -- match_search_boxes
-- test/db/functions.test.ts checks that the migrated database defines exactly this.
-- The boxes the search reads, one per radius band. Someone in band B can be a mutual fit only
-- within min(my radius, B) of me, since they must be within their own radius too, so a band's box
-- reaches no further. Each box holds every point within its reach on the search's sphere (with
-- a margin for rounding): its latitude range, the latitude cells (floor(latitude * 10)) that range
-- touches, and its longitude range, which is every longitude when the box reaches a pole or
-- crosses the antimeridian. The reach is at least 10 miles (see match_reach_chord).
CREATE OR REPLACE FUNCTION match_search_boxes(latitude double precision, longitude double precision, radius_miles double precision)
 RETURNS TABLE(band integer, lat_min double precision, lat_max double precision, lat_cells integer[], lon_min double precision, lon_max double precision)
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
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
$function$;
