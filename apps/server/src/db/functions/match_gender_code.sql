-- The current definition of this function, as pg_get_functiondef prints it (without the schema).
-- Edit it here, then write its migration with
--   npm run db:function -- match_gender_code
-- test/db/functions.test.ts checks that the migrated database defines exactly this.
-- Gender codes in match_points: 0 '' (non-binary or unselected), 1 man, 2 woman.
CREATE OR REPLACE FUNCTION match_gender_code(gender text)
 RETURNS smallint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT (CASE gender WHEN 'man' THEN 1 WHEN 'woman' THEN 2 ELSE 0 END)::smallint
$function$;
