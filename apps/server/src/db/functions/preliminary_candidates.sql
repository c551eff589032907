-- The current definition of this function, as pg_get_functiondef prints it (without the schema).
-- Edit it here, then write its migration with
--   npm run db:function -- preliminary_candidates
-- test/db/functions.test.ts checks that the migrated database defines exactly this.
-- The preliminary match (docs/decisions/0008): everyone who fits the searcher and whom the
-- searcher fits, both ways — the genders each seeks (seeking '' is open to anyone; a person whose
-- own gender is '' is found only by people open to anyone), each one's age inside the other's
-- window, each within the other's radius — never the searcher, never someone with a match record
-- either way (which includes every pair that declined), never a person either side blocked (a
-- block outlives any match record), never a pair whose non-negotiables clash either way (one's
-- answers meet the other's refused answers, as bits: packages/domain non-negotiables rules), nor
-- two people more than 100 miles apart (LONG_DISTANCE_MILES) when either is not open to long
-- distance and neither would move, and nobody while the searcher is suspended or shadow-hidden.
-- Every eligible person, no cap; the cost grows with the people inside the boxes, not with all
-- users. Its statements are planned once per connection (generic plans: the shape suits every
-- searcher) and never in parallel: a search reads a few thousand index entries, less than
-- starting workers costs.
CREATE OR REPLACE FUNCTION preliminary_candidates(searcher_id text)
 RETURNS SETOF text
 LANGUAGE plpgsql
 STABLE
 SET plan_cache_mode TO 'force_generic_plan'
 SET max_parallel_workers_per_gather TO '0'
AS $function$
DECLARE
  me record;
  box record;
  sought smallint[];
  seeking_me smallint[];
  my_reach_sq double precision;
  long_sq double precision;
BEGIN
  SELECT p.gender, p.seeking_gender, p.age, p.search_radius,
         p.age + coalesce(p.age_range_min, -5) AS min_age, p.age + coalesce(p.age_range_max, 5) AS max_age,
         zc.latitude, zc.longitude,
         cos(radians(zc.latitude)) * cos(radians(zc.longitude)) AS ux,
         cos(radians(zc.latitude)) * sin(radians(zc.longitude)) AS uy,
         sin(radians(zc.latitude)) AS uz,
         coalesce(n.fact_bits, 0) AS fact_bits, coalesce(n.refused_bits, 0) AS refused_bits
    INTO me
    FROM profiles p JOIN zip_codes zc ON zc.zip = p.zip_code LEFT JOIN non_negotiables n ON n.user_id = p.user_id
   WHERE p.user_id = searcher_id AND p.age IS NOT NULL AND p.suspended_at IS NULL AND p.shadow_hidden_at IS NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  sought := CASE WHEN me.seeking_gender = '' THEN ARRAY[0, 1, 2]::smallint[]
                 ELSE ARRAY[match_gender_code(me.seeking_gender)] END;
  seeking_me := CASE WHEN me.gender = '' THEN ARRAY[0]::smallint[]
                     ELSE ARRAY[match_gender_code(me.gender), 0]::smallint[] END;
  my_reach_sq := match_reach_chord(me.search_radius) ^ 2;
  long_sq := match_reach_chord(100) ^ 2;
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
         AND (c.fact_bits & me.refused_bits) = 0 AND (c.refused_bits & me.fact_bits) = 0
         AND NOT ((me.fact_bits | c.fact_bits) & 68719476736 <> 0 AND (me.fact_bits | c.fact_bits) & 137438953472 = 0
                  AND (c.x - me.ux) * (c.x - me.ux) + (c.y - me.uy) * (c.y - me.uy) + (c.z - me.uz) * (c.z - me.uz)
                      > long_sq)
         AND c.user_id <> searcher_id
         AND c.user_id NOT IN (SELECT m.candidate_id FROM matches m WHERE m.user_id = searcher_id
                               UNION ALL SELECT m.user_id FROM matches m WHERE m.candidate_id = searcher_id)
         AND c.user_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = searcher_id
                               UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = searcher_id);
  END LOOP;
END
$function$;
