-- Issue 25: keyset indexes, (at, id) in the list's order, for the lists that page with a cursor: the outbox,
-- a deal room's messages, the seller's offers, a buyer's orders and the screening queue by status. Each one
-- replaces an index on the same leading columns (no extra write per row). The payments queue's
-- (proof_uploaded_at, id) where payment_status = 'verification' is 0026's; the offer review queue is served by
-- operations_public_all_idx (kyc_status, created_at, id); participant counts by an index-only scan of
-- operation_participants_operation_idx (decision 020).
DROP INDEX "email_outbox_created_idx";--> statement-breakpoint
DROP INDEX "messages_operation_idx";--> statement-breakpoint
DROP INDEX "operations_seller_idx";--> statement-breakpoint
DROP INDEX "operation_participants_user_idx";--> statement-breakpoint
DROP INDEX "compliance_cases_status_idx";--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "messages_operation_idx" ON "messages" USING btree ("operation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "operations_seller_idx" ON "operations" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "operation_participants_user_idx" ON "operation_participants" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "compliance_cases_status_idx" ON "compliance_cases" USING btree ("status","created_at","id");
