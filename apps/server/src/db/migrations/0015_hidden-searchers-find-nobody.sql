-- A shadow-hidden person's own search finds nobody, as a suspended person's does: otherwise their
-- search would put them in front of new people (each pair it scores is shown to both sides), which
-- is what the hide is there to stop. The rest is the preliminary match of migration 0013.
CREATE OR REPLACE FUNCTION "preliminary_candidates"(searcher_id text) RETURNS SETOF text
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
   WHERE p.user_id = searcher_id AND p.age IS NOT NULL AND p.suspended_at IS NULL AND p.shadow_hidden_at IS NULL;
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
                               UNION ALL SELECT m.user_id FROM matches m WHERE m.candidate_id = searcher_id)
         AND c.user_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = searcher_id
                               UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = searcher_id);
  END LOOP;
END
$$;
