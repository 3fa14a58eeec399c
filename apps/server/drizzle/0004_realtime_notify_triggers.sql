-- Realtime fan-out (custom migration). Every change a live page shows is announced on one
-- channel, `tradeops_events`, with ids only (payloads stay far below NOTIFY's 8000 bytes).
-- NOTIFY is transactional: listeners hear it after the commit, on every app instance.
-- Payload: {"kind": ..., "operationId"?: uuid, "userId"?: text, "id"?: text}. Kinds mirror
-- REALTIME_EVENT_KINDS in packages/shared/src/realtime/events.ts.
CREATE FUNCTION tradeops_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  payload jsonb;
BEGIN
  IF TG_TABLE_NAME = 'operations' THEN
    payload := jsonb_build_object('kind', 'operation', 'operationId', NEW.id);
  ELSIF TG_TABLE_NAME = 'operation_milestones' THEN
    payload := jsonb_build_object('kind', 'operation', 'operationId', NEW.operation_id);
  ELSIF TG_TABLE_NAME = 'operation_participants' THEN
    payload := jsonb_build_object('kind', 'participation', 'operationId', NEW.operation_id, 'userId', NEW.user_id, 'id', NEW.id);
  ELSIF TG_TABLE_NAME = 'operation_waitlist' THEN
    payload := jsonb_build_object('kind', 'waitlist', 'operationId', NEW.operation_id, 'userId', NEW.user_id, 'id', NEW.id);
  ELSIF TG_TABLE_NAME = 'messages' THEN
    payload := jsonb_build_object('kind', 'message', 'operationId', NEW.operation_id, 'id', NEW.id);
  ELSIF TG_TABLE_NAME = 'notifications' THEN
    payload := jsonb_build_object('kind', 'notification', 'userId', NEW.user_id, 'id', NEW.id);
  ELSIF TG_TABLE_NAME = 'profiles' THEN
    payload := jsonb_build_object('kind', 'profile', 'userId', NEW.id);
  ELSE
    RETURN NULL;
  END IF;
  PERFORM pg_notify('tradeops_events', payload::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER operations_notify AFTER UPDATE ON operations
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.* AND OLD.views_count = NEW.views_count)
  EXECUTE FUNCTION tradeops_notify_change();
--> statement-breakpoint
CREATE TRIGGER operation_milestones_notify AFTER INSERT OR UPDATE ON operation_milestones
  FOR EACH ROW EXECUTE FUNCTION tradeops_notify_change();
--> statement-breakpoint
CREATE TRIGGER operation_participants_notify AFTER INSERT OR UPDATE ON operation_participants
  FOR EACH ROW EXECUTE FUNCTION tradeops_notify_change();
--> statement-breakpoint
CREATE TRIGGER operation_waitlist_notify AFTER INSERT OR UPDATE ON operation_waitlist
  FOR EACH ROW EXECUTE FUNCTION tradeops_notify_change();
--> statement-breakpoint
CREATE TRIGGER messages_notify AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION tradeops_notify_change();
--> statement-breakpoint
CREATE TRIGGER notifications_notify AFTER INSERT OR UPDATE ON notifications
  FOR EACH ROW EXECUTE FUNCTION tradeops_notify_change();
--> statement-breakpoint
CREATE TRIGGER profiles_notify AFTER UPDATE OF kyc_status, role ON profiles
  FOR EACH ROW EXECUTE FUNCTION tradeops_notify_change();
