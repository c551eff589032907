-- The current definition of this function, as pg_get_functiondef prints it (without the schema).
-- Edit it here, then write its migration with
--   npm run db:function -- mailbox_of
-- test/db/functions.test.ts checks that the migrated database defines exactly this.
-- The mailbox an email address delivers to, so that one person's many addresses count as one:
-- without case, without a plus-tag (ann+2@x.com reaches ann@x.com), and at Gmail, which ignores
-- dots and answers to googlemail.com too, without dots under gmail.com. Suspensions and reports
-- are held against it (profiles.mailbox), as are the daily caps on account emails.
CREATE OR REPLACE FUNCTION mailbox_of(email text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT coalesce(
           CASE WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com'
                ELSE local || '@' || domain END,
           address)
    FROM (SELECT address, split_part(substring(address from '^(.*)@'), '+', 1) AS local,
                 substring(address from '@([^@]*)$') AS domain
            FROM (SELECT lower(btrim(email)) AS address) AS typed) AS parts
$function$;
