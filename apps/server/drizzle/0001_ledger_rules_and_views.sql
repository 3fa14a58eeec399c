-- Escrow ledger rules and read-model views (custom migration: drizzle-kit does not model triggers or views).
-- Written for PostgreSQL 15 (the embedded PGlite is 18). One statement per breakpoint: PGlite runs them one by one.

-- The ledger is append-only: corrections are new transfers (kind 'adjustment'), never edits.
CREATE FUNCTION ledger_forbid_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the escrow ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_forbid_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_forbid_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();
--> statement-breakpoint

-- Double entry: at commit, every transfer touched has at least two entries summing to zero.
-- Deferred so a transfer and its entries can be inserted in any order within the transaction.
CREATE FUNCTION ledger_check_transfer_balance() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  checked_transfer uuid;
  entry_count integer;
  total bigint;
BEGIN
  -- Separate statements: NEW has transfer_id on entries and id on transfers.
  IF TG_TABLE_NAME = 'ledger_entries' THEN
    checked_transfer := NEW.transfer_id;
  ELSE
    checked_transfer := NEW.id;
  END IF;
  SELECT count(*), coalesce(sum(amount_cents), 0) INTO entry_count, total
    FROM ledger_entries WHERE transfer_id = checked_transfer;
  IF entry_count < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'escrow ledger transfer % is unbalanced: % entries summing to % cents', checked_transfer, entry_count, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_balance();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transfers_balanced AFTER INSERT ON ledger_transfers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_balance();
--> statement-breakpoint

-- Dashboard figures. Status lists mirror OPERATION_STATUSES (packages/shared): "in progress" is
-- every status between approval and settlement; rejected, expired and cancelled deals count nowhere.
CREATE VIEW buyer_kpis AS
SELECT
  p.id AS user_id,
  (count(DISTINCT part.operation_id) FILTER (
    WHERE o.status IN ('active', 'allocated', 'shipment_preparation', 'in_transit', 'arrived', 'inspected')))::integer AS active_ops,
  (coalesce(sum(part.volume) FILTER (WHERE o.status NOT IN ('rejected', 'expired', 'cancelled')), 0))::integer AS total_volume,
  (count(DISTINCT part.operation_id) FILTER (WHERE o.status = 'settled'))::integer AS completed_ops
FROM profiles p
LEFT JOIN operation_participants part ON part.user_id = p.id AND part.status = 'active'
LEFT JOIN operations o ON o.id = part.operation_id
GROUP BY p.id;
--> statement-breakpoint
CREATE VIEW seller_kpis AS
SELECT
  p.id AS seller_id,
  (count(o.id) FILTER (
    WHERE o.status IN ('pending', 'active', 'allocated', 'shipment_preparation', 'in_transit', 'arrived', 'inspected')
      AND o.kyc_status <> 'rejected'))::integer AS active_offers,
  (coalesce(sum(o.total_tons) FILTER (
    WHERE o.status IN ('pending', 'active', 'allocated', 'shipment_preparation', 'in_transit', 'arrived', 'inspected')
      AND o.kyc_status <> 'rejected'), 0))::integer AS listed_volume,
  (count(o.id) FILTER (WHERE o.status = 'settled'))::integer AS completed_offers
FROM profiles p
LEFT JOIN operations o ON o.seller_id = p.id
GROUP BY p.id;
--> statement-breakpoint
-- Operations waiting for an admin's approval, with who published them.
CREATE VIEW admin_kyc_review AS
SELECT
  o.id,
  o.title,
  o.product_name,
  o.origin_country,
  coalesce(nullif(btrim(pr.company_name), ''), pr.full_name, u.name) AS seller_name,
  u.email AS seller_email,
  o.total_tons,
  (o.price_per_ton_cents / 100.0)::double precision AS price_usd,
  o.created_at
FROM operations o
JOIN "user" u ON u.id = o.seller_id
LEFT JOIN profiles pr ON pr.id = o.seller_id
WHERE o.kyc_status = 'pending';
