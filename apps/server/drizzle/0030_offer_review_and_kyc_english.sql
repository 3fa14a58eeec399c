-- Issue 26, one word per concept (docs/glossary.md). An admin's approval of an offer is an offer review,
-- not KYC: operations.kyc_status and kyc_reject_reason become review_status and review_rejection_reason,
-- and the review queue's view admin_kyc_review becomes admin_offer_review. Renames keep every row, and a
-- view follows its columns' renames by itself (PostgreSQL stores views by column number).
ALTER TABLE "operations" RENAME COLUMN "kyc_status" TO "review_status";--> statement-breakpoint
ALTER TABLE "operations" RENAME COLUMN "kyc_reject_reason" TO "review_rejection_reason";--> statement-breakpoint
ALTER TABLE "operations" RENAME CONSTRAINT "operations_kyc_status_check" TO "operations_review_status_check";--> statement-breakpoint
ALTER VIEW "admin_kyc_review" RENAME TO "admin_offer_review";--> statement-breakpoint
-- A company's KYC status in English like every other status (pendiente, aprobado, rechazado before), and
-- its rejection reason in English (kyc_motivo_rechazo before). The checks and the partial index that name
-- the Spanish values go while the rows change, and come back with the English ones.
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_kyc_status_check";--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_rejection_reason_check";--> statement-breakpoint
DROP INDEX "profiles_kyc_expires_idx";--> statement-breakpoint
ALTER TABLE "profiles" RENAME COLUMN "kyc_motivo_rechazo" TO "kyc_rejection_reason";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "kyc_status" SET DEFAULT 'pending';--> statement-breakpoint
UPDATE "profiles" SET "kyc_status" = CASE "kyc_status"
  WHEN 'pendiente' THEN 'pending'
  WHEN 'aprobado' THEN 'approved'
  WHEN 'rechazado' THEN 'rejected'
END
WHERE "kyc_status" IN ('pendiente', 'aprobado', 'rechazado');--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_kyc_status_check" CHECK ("profiles"."kyc_status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_rejection_reason_check" CHECK ("profiles"."kyc_status" <> 'rejected' or coalesce(btrim("profiles"."kyc_rejection_reason"), '') <> '');--> statement-breakpoint
CREATE INDEX "profiles_kyc_expires_idx" ON "profiles" USING btree ("kyc_expires_at") WHERE kyc_status = 'approved';
