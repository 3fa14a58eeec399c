ALTER TABLE "operations" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operation_participants" ADD COLUMN "proof_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "kyc_revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_documents" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_revision_check" CHECK ("operations"."revision" > 0);--> statement-breakpoint
ALTER TABLE "operation_participants" ADD CONSTRAINT "operation_participants_proof_revision_check" CHECK ("operation_participants"."proof_revision" >= 0);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_kyc_revision_check" CHECK ("profiles"."kyc_revision" > 0);--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_revision_check" CHECK ("user_documents"."revision" > 0);