ALTER TABLE "profiles" ADD COLUMN "kyc_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "kyc_renewal_reminded_days" integer;--> statement-breakpoint
ALTER TABLE "user_documents" ADD COLUMN "issued_on" date;--> statement-breakpoint
ALTER TABLE "user_documents" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "user_documents" ADD COLUMN "holder_birth_date" date;--> statement-breakpoint
CREATE INDEX "profiles_kyc_expires_idx" ON "profiles" USING btree ("kyc_expires_at") WHERE kyc_status = 'aprobado';--> statement-breakpoint
-- Companies approved before KYC renewal existed: their approval lapses 12 months after it was
-- given (the default renewal period), and never sooner than 30 days from now, so each is reminded first.
UPDATE "profiles" SET "kyc_expires_at" = greatest(coalesce("kyc_reviewed_at", now()) + interval '12 months', now() + interval '30 days')
  WHERE "kyc_status" = 'aprobado' AND NOT "is_admin" AND "kyc_expires_at" IS NULL;
