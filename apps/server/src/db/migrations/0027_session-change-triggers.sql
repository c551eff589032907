-- Each instance may keep a signed-in person's session for a few seconds instead of reading it on
-- every request; it drops it as soon as it hears that the session or the account changed.
CREATE TRIGGER "sessions_change_notify" AFTER UPDATE OR DELETE
  ON "sessions" FOR EACH ROW EXECUTE FUNCTION "session_change_notify"();--> statement-breakpoint
CREATE TRIGGER "users_change_notify" AFTER UPDATE OF "name", "email", "email_verified", "mailbox_proven_at" OR DELETE
  ON "users" FOR EACH ROW EXECUTE FUNCTION "session_change_notify"();
