CREATE TABLE "operation_final_measurements" (
	"operation_id" uuid PRIMARY KEY NOT NULL,
	"measured_net_kg" bigint NOT NULL,
	"contracted_kg" bigint NOT NULL,
	"tolerance_percent" integer NOT NULL,
	"shortfall_kg" bigint NOT NULL,
	"refund_cents" bigint NOT NULL,
	"quality_notes" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_final_measurements_kg_check" CHECK ("operation_final_measurements"."measured_net_kg" >= 0 and "operation_final_measurements"."contracted_kg" > 0),
	CONSTRAINT "operation_final_measurements_shortfall_check" CHECK ("operation_final_measurements"."shortfall_kg" >= 0 and "operation_final_measurements"."refund_cents" >= 0)
);
--> statement-breakpoint
DROP INDEX "ledger_transfers_one_payout_idx";--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD COLUMN "tranche" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "trade_terms" jsonb;--> statement-breakpoint
-- Deals older than trade terms get the terms their quote implied (docs/decisions/021; the same rule as
-- the shared defaultTradeTerms): CIF at the arrival port (else the destination country), insured by the
-- seller at 110 %, shipping within two weeks from the expected departure (else the order deadline, else
-- the creation date), a quantity tolerance of ± 5 %, the specification line (else the product) as the
-- quality, the platform's inspector and its escrow payment terms (null).
UPDATE "operations" SET "trade_terms" = jsonb_build_object(
	'incoterm', 'CIF',
	'namedPlace', coalesce(nullif(btrim("arrival_port"), ''), "destination_country"),
	'shipmentFrom', to_char(coalesce("expected_departure", ("deadline" at time zone 'UTC')::date, ("created_at" at time zone 'UTC')::date), 'YYYY-MM-DD'),
	'shipmentTo', to_char(coalesce("expected_departure", ("deadline" at time zone 'UTC')::date, ("created_at" at time zone 'UTC')::date) + 14, 'YYYY-MM-DD'),
	'quantityTolerancePercent', 5,
	'qualitySpecification', coalesce(nullif(btrim("specification"), ''), "product_name"),
	'inspectionBody', null,
	'insurancePayer', 'seller',
	'insuredPercent', 110,
	'paymentTerms', null
);--> statement-breakpoint
ALTER TABLE "operations" ALTER COLUMN "trade_terms" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "operation_participants" ADD COLUMN "contract_version" integer;--> statement-breakpoint
ALTER TABLE "operation_participants" ADD COLUMN "contract_terms" jsonb;--> statement-breakpoint
ALTER TABLE "operation_participants" ADD COLUMN "contract_hash" text;--> statement-breakpoint
ALTER TABLE "operation_final_measurements" ADD CONSTRAINT "operation_final_measurements_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_final_measurements" ADD CONSTRAINT "operation_final_measurements_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_one_payout_idx" ON "ledger_transfers" USING btree ("participation_id","tranche") WHERE kind in ('release', 'refund');--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_tranche_check" CHECK ("ledger_transfers"."tranche" in (1, 2));