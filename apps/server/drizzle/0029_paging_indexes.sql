-- Issue 25: keyset indexes for the lists that page with a cursor: the seller's offers (seller_id, created_at, id),
-- the offer review queue (created_at, id) of pending offers only, and the outbox (created_at, id).
DROP INDEX "email_outbox_created_idx";--> statement-breakpoint
DROP INDEX "operations_seller_idx";--> statement-breakpoint
CREATE INDEX "operations_review_queue_idx" ON "operations" USING btree ("created_at","id") WHERE kyc_status = 'pending';--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operations_seller_idx" ON "operations" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
