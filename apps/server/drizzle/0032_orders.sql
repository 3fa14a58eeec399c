-- One word for a buyer's stake (issue 26, docs/glossary.md): the table operation_participants becomes
-- orders, every participation_id column becomes order_id, and the constraints, indexes and triggers that
-- carry the old name take the new one. Renames only: rows, ids and foreign keys stay as they are.
-- The trigger functions that name the table in their body are recreated (tradeops_notify_change, which
-- switches on TG_TABLE_NAME and announces the kind 'order'); order_volume_by_month_apply and
-- account_balances_add_entries read only OLD/NEW and their transition table, so they keep working, but
-- the volume trigger is recreated under its new name. The platform setting's key moves with the word.
ALTER TABLE "operation_participants" RENAME TO "orders";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_pkey" TO "orders_pkey";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_payment_reference_unique" TO "orders_payment_reference_unique";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_idempotency_unique" TO "orders_idempotency_unique";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_payment_method_check" TO "orders_payment_method_check";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_payment_status_check" TO "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_status_check" TO "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_volume_check" TO "orders_volume_check";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_amount_check" TO "orders_amount_check";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_rejection_reason_check" TO "orders_rejection_reason_check";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_proof_revision_check" TO "orders_proof_revision_check";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_operation_id_operations_id_fk" TO "orders_operation_id_operations_id_fk";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_user_id_user_id_fk" TO "orders_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "operation_participants_payment_reviewed_by_user_id_fk" TO "orders_payment_reviewed_by_user_id_fk";--> statement-breakpoint
-- PostgreSQL 18 (and PGlite on it) names NOT NULL constraints too (operation_participants_id_not_null…):
-- whatever constraint still carries the old prefix takes the new one.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
    WHERE conrelid = 'orders'::regclass AND conname LIKE 'operation\_participants\_%'
  LOOP
    EXECUTE format('ALTER TABLE orders RENAME CONSTRAINT %I TO %I', c.conname,
      'orders_' || substr(c.conname, length('operation_participants_') + 1));
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER INDEX "operation_participants_operation_idx" RENAME TO "orders_operation_idx";--> statement-breakpoint
ALTER INDEX "operation_participants_user_idx" RENAME TO "orders_user_idx";--> statement-breakpoint
ALTER INDEX "operation_participants_expiry_idx" RENAME TO "orders_expiry_idx";--> statement-breakpoint
ALTER INDEX "operation_participants_verification_idx" RENAME TO "orders_verification_idx";--> statement-breakpoint
ALTER TABLE "ledger_transfers" RENAME COLUMN "participation_id" TO "order_id";--> statement-breakpoint
ALTER TABLE "ledger_transfers" RENAME CONSTRAINT "ledger_transfers_participation_check" TO "ledger_transfers_order_check";--> statement-breakpoint
ALTER TABLE "ledger_transfers" RENAME CONSTRAINT "ledger_transfers_participation_id_operation_participants_id_fk" TO "ledger_transfers_order_id_orders_id_fk";--> statement-breakpoint
ALTER INDEX "ledger_transfers_participation_idx" RENAME TO "ledger_transfers_order_idx";--> statement-breakpoint
ALTER TABLE "operation_waitlist" RENAME COLUMN "participation_id" TO "order_id";--> statement-breakpoint
-- PostgreSQL cut this name to 63 characters when 0003 created it.
ALTER TABLE "operation_waitlist" RENAME CONSTRAINT "operation_waitlist_participation_id_operation_participants_id_f" TO "operation_waitlist_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "disputes" RENAME COLUMN "participation_id" TO "order_id";--> statement-breakpoint
ALTER TABLE "disputes" RENAME CONSTRAINT "disputes_participation_id_operation_participants_id_fk" TO "disputes_order_id_orders_id_fk";--> statement-breakpoint
ALTER TRIGGER "operation_participants_notify" ON "orders" RENAME TO "orders_notify";--> statement-breakpoint
DROP TRIGGER "operation_participants_volume_by_month" ON "orders";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_volume_by_month
  AFTER INSERT OR UPDATE OF status, volume, amount_cents, created_at OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION order_volume_by_month_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tradeops_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  payload jsonb;
BEGIN
  IF TG_TABLE_NAME = 'operations' THEN
    payload := jsonb_build_object('kind', 'operation', 'operationId', NEW.id);
  ELSIF TG_TABLE_NAME = 'operation_milestones' THEN
    payload := jsonb_build_object('kind', 'operation', 'operationId', NEW.operation_id);
  ELSIF TG_TABLE_NAME = 'orders' THEN
    payload := jsonb_build_object('kind', 'order', 'operationId', NEW.operation_id, 'userId', NEW.user_id, 'id', NEW.id);
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
UPDATE "platform_settings" SET "key" = 'order_hold_hours'
  WHERE "key" = 'participation_hold_hours'
  AND NOT EXISTS (SELECT 1 FROM "platform_settings" WHERE "key" = 'order_hold_hours');
--> statement-breakpoint
-- What the platform stored under the old word: notification, mail, webhook and audit kinds
-- ('participation.created' → 'order.created'), the audit entity type, the order's id in a notification's data.
UPDATE "notifications" SET "type" = 'order.' || substr("type", length('participation.') + 1)
  WHERE "type" LIKE 'participation.%';--> statement-breakpoint
UPDATE "notifications" SET "data" = ("data" - 'participationId') || jsonb_build_object('orderId', "data" -> 'participationId')
  WHERE "data" ? 'participationId';--> statement-breakpoint
UPDATE "email_outbox" SET "kind" = 'order.' || substr("kind", length('participation.') + 1)
  WHERE "kind" LIKE 'participation.%';--> statement-breakpoint
UPDATE "webhook_deliveries" SET "event_type" = 'order.' || substr("event_type", length('participation.') + 1)
  WHERE "event_type" LIKE 'participation.%';--> statement-breakpoint
UPDATE "webhook_endpoints" SET "events" = (
    SELECT coalesce(jsonb_agg(CASE WHEN event LIKE 'participation.%'
      THEN 'order.' || substr(event, length('participation.') + 1) ELSE event END ORDER BY position), '[]'::jsonb)
    FROM jsonb_array_elements_text("events") WITH ORDINALITY AS e(event, position))
  WHERE "events"::text LIKE '%participation.%';--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'order.' || substr("action", length('participation.') + 1)
  WHERE "action" LIKE 'participation.%';--> statement-breakpoint
UPDATE "audit_log" SET "entity_type" = 'order' WHERE "entity_type" = 'participation';
