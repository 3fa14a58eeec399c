-- Who-is-calling cache (custom migration). Each instance keeps the resolved session (user,
-- profile, admin flag) of recent callers in memory; these triggers announce, on the same
-- `tradeops_events` channel, every change that can alter one: a session refreshed or revoked,
-- a user or profile edited, a platform setting (the admin e-mails) changed. Kind `session`;
-- `userId` names the account, none means "forget everyone". Never forwarded to browsers.
CREATE FUNCTION tradeops_notify_auth_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  payload jsonb;
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    payload := jsonb_build_object('kind', 'session', 'userId', OLD.user_id);
  ELSIF TG_TABLE_NAME = 'user' THEN
    payload := jsonb_build_object('kind', 'session', 'userId', OLD.id);
  ELSIF TG_TABLE_NAME = 'profiles' THEN
    payload := jsonb_build_object('kind', 'session', 'userId', OLD.id);
  ELSE
    payload := jsonb_build_object('kind', 'session');
  END IF;
  PERFORM pg_notify('tradeops_events', payload::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_auth_notify AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION tradeops_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER user_auth_notify AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION tradeops_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER profiles_auth_notify AFTER UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION tradeops_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER platform_settings_auth_notify AFTER INSERT OR UPDATE OR DELETE ON platform_settings
  FOR EACH STATEMENT EXECUTE FUNCTION tradeops_notify_auth_change();
