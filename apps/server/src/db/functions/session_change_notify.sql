-- The current definition of this function, as pg_get_functiondef prints it (without the schema).
-- Edit it here, then write its migration with
--   npm run db:function -- session_change_notify
-- test/db/functions.test.ts checks that the migrated database defines exactly this.
-- Tells every instance (NOTIFY sams_web_sessions, the user's id as payload) that a user's
-- sessions or account changed: a session deleted (sign-out, suspension, password reset, the
-- account deleted) or changed, or the account's name, email or verification changed. Instances
-- drop what they cached of that user's sessions (the triggers sessions_change_notify and
-- users_change_notify).
CREATE OR REPLACE FUNCTION session_change_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('sams_web_sessions', OLD.id);
  ELSE
    PERFORM pg_notify('sams_web_sessions', OLD.user_id);
  END IF;
  RETURN NULL;
END
$function$;
