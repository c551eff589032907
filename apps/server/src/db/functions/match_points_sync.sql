-- The current definition of this function, as pg_get_functiondef prints it (without the schema).
-- Edit it here, then write its migration with
--   npm run db:function -- match_points_sync
-- test/db/functions.test.ts checks that the migrated database defines exactly this.
-- Keeps match_points in step with profiles (the trigger profiles_match_points_sync): a person has
-- a row exactly while searchable, so a suspended or shadow-hidden person has none and no
-- preliminary match can find them. Its non-negotiables' bits come from non_negotiables, read
-- (and share-locked) before match_points is touched, in the order that table's own trigger locks
-- them, so a change there at the same moment is either seen here or applied after.
CREATE OR REPLACE FUNCTION match_points_sync()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  bits record;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT n.fact_bits, n.refused_bits INTO bits FROM non_negotiables n WHERE n.user_id = NEW.user_id FOR SHARE;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM match_points WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' AND NEW.verified AND NEW.chat_complete
     AND NEW.pictures_uploaded AND NEW.age IS NOT NULL
     AND NEW.suspended_at IS NULL AND NEW.shadow_hidden_at IS NULL THEN
    INSERT INTO match_points (user_id, gender, seeking_gender, age, min_age, max_age, search_radius,
                              radius_band, lat_cell, latitude, longitude, x, y, z, reach_chord,
                              fact_bits, refused_bits)
    SELECT NEW.user_id, match_gender_code(NEW.gender), match_gender_code(NEW.seeking_gender), NEW.age,
           NEW.age + coalesce(NEW.age_range_min, -5), NEW.age + coalesce(NEW.age_range_max, 5),
           NEW.search_radius,
           CASE WHEN NEW.search_radius <= 10 THEN 10 WHEN NEW.search_radius <= 25 THEN 25
                WHEN NEW.search_radius <= 50 THEN 50 WHEN NEW.search_radius <= 100 THEN 100
                WHEN NEW.search_radius <= 250 THEN 250 ELSE 500 END,
           floor(z.latitude * 10)::int, z.latitude, z.longitude,
           cos(radians(z.latitude)) * cos(radians(z.longitude)), cos(radians(z.latitude)) * sin(radians(z.longitude)),
           sin(radians(z.latitude)), match_reach_chord(NEW.search_radius),
           coalesce(bits.fact_bits, 0), coalesce(bits.refused_bits, 0)
    FROM zip_codes z WHERE z.zip = NEW.zip_code;
  END IF;
  RETURN NULL;
END
$function$;
