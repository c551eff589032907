-- The current definition of this function, as pg_get_functiondef prints it (without the schema).
-- Edit it here, then write its migration with
--   npm run db:function -- non_negotiables_sync
-- test/db/functions.test.ts checks that the migrated database defines exactly this.
-- Keeps a searchable person's row in match_points in step with their non-negotiables (the
-- trigger non_negotiables_match_points_sync): the preliminary match reads the bits from there.
CREATE OR REPLACE FUNCTION non_negotiables_sync()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE match_points SET fact_bits = NEW.fact_bits, refused_bits = NEW.refused_bits
   WHERE user_id = NEW.user_id AND (fact_bits, refused_bits) IS DISTINCT FROM (NEW.fact_bits, NEW.refused_bits);
  RETURN NULL;
END
$function$;
