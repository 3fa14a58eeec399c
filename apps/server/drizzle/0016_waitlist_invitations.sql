-- One word per concept (issue 14): an "offer" is only a seller's listing. The waitlist's 24-hour hold of
-- freed tons for the next buyer in line is an invitation: status 'offered' → 'invited', and its columns
-- follow (custom migration: renames, so no data moves).
ALTER TABLE "operation_waitlist" DROP CONSTRAINT "operation_waitlist_status_check";--> statement-breakpoint
ALTER TABLE "operation_waitlist" DROP CONSTRAINT "operation_waitlist_offered_check";--> statement-breakpoint
DROP INDEX "operation_waitlist_one_live_idx";--> statement-breakpoint
UPDATE "operation_waitlist" SET "status" = 'invited' WHERE "status" = 'offered';--> statement-breakpoint
ALTER TABLE "operation_waitlist" RENAME COLUMN "offered_tons" TO "invited_tons";--> statement-breakpoint
ALTER TABLE "operation_waitlist" RENAME COLUMN "offered_at" TO "invited_at";--> statement-breakpoint
ALTER TABLE "operation_waitlist" RENAME COLUMN "offer_expires_at" TO "invitation_expires_at";--> statement-breakpoint
ALTER TABLE "operation_waitlist" ADD CONSTRAINT "operation_waitlist_status_check" CHECK ("operation_waitlist"."status" in ('waiting', 'invited', 'claimed', 'passed', 'left'));--> statement-breakpoint
ALTER TABLE "operation_waitlist" ADD CONSTRAINT "operation_waitlist_invited_check" CHECK ("operation_waitlist"."invited_tons" is null or "operation_waitlist"."invited_tons" > 0);--> statement-breakpoint
CREATE UNIQUE INDEX "operation_waitlist_one_live_idx" ON "operation_waitlist" USING btree ("operation_id","user_id") WHERE status in ('waiting', 'invited');--> statement-breakpoint
-- Notifications already sent render through the catalog's notifications.types.<type>: they follow the new kinds.
UPDATE "notifications" SET "type" = 'waitlist.invited' WHERE "type" = 'waitlist.offered';--> statement-breakpoint
UPDATE "notifications" SET "type" = 'waitlist.invitation_expired' WHERE "type" = 'waitlist.offer_expired';
