-- Issue 25: the admins' ledger of an operation pages its transfers, so the sums it shows on top come from
-- totals kept with every entry instead of from the page: operation_ledger_totals (deposited, released to the
-- seller, the platform's fee, refunded; summed as summarizeLedger sums them) is kept by a statement-level
-- trigger on ledger_entries, like account_balances (0026); what the operation still holds is its escrow
-- account's balance. Filled here from the ledger already there. The operation's transfers page by keyset
-- (created_at, id): its index gains those columns in place of the one on operation_id alone. The screening
-- queue's "all" filter pages every case newest first: compliance_cases (created_at, id), where it sorted them all.
CREATE TABLE "operation_ledger_totals" (
	"operation_id" uuid PRIMARY KEY NOT NULL,
	"deposited_cents" bigint DEFAULT 0 NOT NULL,
	"released_to_seller_cents" bigint DEFAULT 0 NOT NULL,
	"platform_fee_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "ledger_transfers_operation_idx";--> statement-breakpoint
ALTER TABLE "operation_ledger_totals" ADD CONSTRAINT "operation_ledger_totals_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_cases_created_idx" ON "compliance_cases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_operation_idx" ON "ledger_transfers" USING btree ("operation_id","created_at","id");
--> statement-breakpoint
-- The totals move in the statement that writes a transfer's entries; operations in order, so two statements
-- touching the same operations lock their rows in the same order.
CREATE FUNCTION operation_ledger_totals_add_entries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO operation_ledger_totals AS o
      (operation_id, deposited_cents, released_to_seller_cents, platform_fee_cents, refunded_cents)
    SELECT t.operation_id,
           coalesce(sum(e.amount_cents) FILTER (WHERE t.kind = 'deposit' AND e.account LIKE 'escrow:%'), 0),
           coalesce(sum(e.amount_cents) FILTER (WHERE t.kind <> 'deposit' AND e.account LIKE 'seller:%'), 0),
           coalesce(sum(e.amount_cents) FILTER (WHERE t.kind <> 'deposit' AND e.account LIKE 'platform:%'), 0),
           coalesce(sum(e.amount_cents) FILTER (WHERE t.kind <> 'deposit' AND e.account LIKE 'buyer:%'), 0)
    FROM new_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
    GROUP BY t.operation_id ORDER BY t.operation_id
  ON CONFLICT (operation_id) DO UPDATE
    SET deposited_cents = o.deposited_cents + excluded.deposited_cents,
        released_to_seller_cents = o.released_to_seller_cents + excluded.released_to_seller_cents,
        platform_fee_cents = o.platform_fee_cents + excluded.platform_fee_cents,
        refunded_cents = o.refunded_cents + excluded.refunded_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_operation_ledger_totals AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION operation_ledger_totals_add_entries();
--> statement-breakpoint
-- The ledger already there.
INSERT INTO operation_ledger_totals
    (operation_id, deposited_cents, released_to_seller_cents, platform_fee_cents, refunded_cents)
  SELECT t.operation_id,
         coalesce(sum(e.amount_cents) FILTER (WHERE t.kind = 'deposit' AND e.account LIKE 'escrow:%'), 0),
         coalesce(sum(e.amount_cents) FILTER (WHERE t.kind <> 'deposit' AND e.account LIKE 'seller:%'), 0),
         coalesce(sum(e.amount_cents) FILTER (WHERE t.kind <> 'deposit' AND e.account LIKE 'platform:%'), 0),
         coalesce(sum(e.amount_cents) FILTER (WHERE t.kind <> 'deposit' AND e.account LIKE 'buyer:%'), 0)
  FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
  GROUP BY t.operation_id;
