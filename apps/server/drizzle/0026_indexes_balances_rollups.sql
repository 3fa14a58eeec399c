-- Issue 25: indexes for the pages that scanned (escrow states by order, the payment and KYC queues, the
-- admins' operations list, search by trigrams) and two maintained aggregates the back office reads
-- instead of summing rows: account_balances (kept by a trigger on ledger_entries) and
-- order_volume_by_month (kept by a deferred trigger on operation_participants), both filled here from
-- the rows already there. pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded by db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "account_balances" (
	"account" text PRIMARY KEY NOT NULL,
	"kind" text GENERATED ALWAYS AS (split_part(account, ':', 1)) STORED NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_volume_by_month" (
	"month" date NOT NULL,
	"shard" integer NOT NULL,
	"tons" bigint DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_volume_by_month_pk" PRIMARY KEY("month","shard")
);
--> statement-breakpoint
CREATE INDEX "account_balances_kind_idx" ON "account_balances" USING btree ("kind","balance_cents");--> statement-breakpoint
CREATE INDEX "ledger_transfers_participation_idx" ON "ledger_transfers" USING btree ("participation_id");--> statement-breakpoint
CREATE INDEX "operations_updated_idx" ON "operations" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "operations_product_name_trgm_idx" ON "operations" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operations_title_trgm_idx" ON "operations" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operations_title_en_trgm_idx" ON "operations" USING gin ("title_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operation_participants_verification_idx" ON "operation_participants" USING btree ("proof_uploaded_at","id") WHERE payment_status = 'verification';--> statement-breakpoint
CREATE INDEX "user_documents_uploaded_idx" ON "user_documents" USING btree ("user_id","uploaded_at") WHERE status = 'uploaded';
--> statement-breakpoint
-- A balance moves in the statement that writes the entries (one per transfer), accounts in order so two
-- transfers touching the same accounts lock them in the same order.
CREATE FUNCTION account_balances_add_entries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_balances AS b (account, balance_cents, updated_at)
    SELECT account, sum(amount_cents), now() FROM new_entries GROUP BY account ORDER BY account
  ON CONFLICT (account) DO UPDATE
    SET balance_cents = b.balance_cents + excluded.balance_cents, updated_at = excluded.updated_at;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_account_balances AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION account_balances_add_entries();
--> statement-breakpoint
-- An order counts in its month (UTC) while it is live ('active'). Deferred to commit, so the shard row
-- is locked only while committing; the shard is the connection's pid modulo 64.
CREATE FUNCTION order_volume_by_month_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  shard_of_connection integer := pg_backend_pid() % 64;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
    INSERT INTO order_volume_by_month AS v (month, shard, tons, cents)
      VALUES (date_trunc('month', OLD.created_at AT TIME ZONE 'UTC')::date, shard_of_connection, -OLD.volume, -OLD.amount_cents)
    ON CONFLICT (month, shard) DO UPDATE SET tons = v.tons + excluded.tons, cents = v.cents + excluded.cents;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN
    INSERT INTO order_volume_by_month AS v (month, shard, tons, cents)
      VALUES (date_trunc('month', NEW.created_at AT TIME ZONE 'UTC')::date, shard_of_connection, NEW.volume, NEW.amount_cents)
    ON CONFLICT (month, shard) DO UPDATE SET tons = v.tons + excluded.tons, cents = v.cents + excluded.cents;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER operation_participants_volume_by_month
  AFTER INSERT OR UPDATE OF status, volume, amount_cents, created_at OR DELETE ON operation_participants
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION order_volume_by_month_apply();
--> statement-breakpoint
-- The data already there.
INSERT INTO account_balances (account, balance_cents)
  SELECT account, sum(amount_cents) FROM ledger_entries GROUP BY account;
--> statement-breakpoint
INSERT INTO order_volume_by_month (month, shard, tons, cents)
  SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, 0, sum(volume), sum(amount_cents)
  FROM operation_participants WHERE status = 'active' GROUP BY 1;
