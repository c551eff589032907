-- The current definition of this function, as pg_get_functiondef prints it (without the schema).
-- Edit it here, then write its migration with
--   npm run db:function -- match_reach_chord
-- test/db/functions.test.ts checks that the migrated database defines exactly this.
-- The chord between two unit vectors whose great circle on the search's sphere spans `miles`:
-- the distance along the sphere is <= miles exactly when |a - b| (unit vectors) <= this. The
-- sphere is earthdistance's, radius 6378168 meters; 1609.344 meters to the mile. The search
-- reaches at least 10 miles around a ZIP code whatever the radius slider says (it still goes down
-- to 1 mile), so a search that finds someone never places them closer than that; both ends of the
-- mutual radius rule read this function and match_search_boxes, so the floor holds for the
-- searcher's radius and the candidate's alike.
CREATE OR REPLACE FUNCTION match_reach_chord(miles double precision)
 RETURNS double precision
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT 2 * sin(least(pi() / 2, greatest(miles, 10) * 1609.344 / (2 * 6378168::double precision)))
$function$;
