CREATE TABLE "operation_assignees" (
	"operation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"assigned_by" text,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_assignees_pk" PRIMARY KEY("operation_id","user_id"),
	CONSTRAINT "operation_assignees_role_check" CHECK ("operation_assignees"."role" in ('logistics', 'inspector'))
);
--> statement-breakpoint
CREATE TABLE "operation_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"file_name" text,
	"document_key" text,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rejection_reason" text,
	"rejected_by" text,
	"rejected_at" timestamp with time zone,
	"grandfathered" boolean DEFAULT false NOT NULL,
	CONSTRAINT "operation_documents_operation_kind_unique" UNIQUE("operation_id","kind"),
	CONSTRAINT "operation_documents_kind_check" CHECK ("operation_documents"."kind" in ('commercial_invoice', 'packing_list', 'bill_of_lading', 'certificate_of_origin', 'phytosanitary_certificate', 'health_certificate', 'quality_certificate', 'weight_certificate', 'insurance_certificate')),
	CONSTRAINT "operation_documents_status_check" CHECK ("operation_documents"."status" in ('uploaded', 'rejected')),
	CONSTRAINT "operation_documents_file_check" CHECK ("operation_documents"."grandfathered" or ("operation_documents"."document_key" is not null and "operation_documents"."file_name" is not null)),
	CONSTRAINT "operation_documents_rejection_reason_check" CHECK ("operation_documents"."status" <> 'rejected' or coalesce(btrim("operation_documents"."rejection_reason"), '') <> '')
);
--> statement-breakpoint
ALTER TABLE "operation_milestones" DROP CONSTRAINT "operation_milestones_operation_kind_unique";--> statement-breakpoint
ALTER TABLE "operation_milestones" DROP CONSTRAINT "operation_milestones_kind_check";--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_company_type_check";--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_role_check";--> statement-breakpoint
ALTER TABLE "operation_milestones" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "operation_assignees" ADD CONSTRAINT "operation_assignees_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_assignees" ADD CONSTRAINT "operation_assignees_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_assignees" ADD CONSTRAINT "operation_assignees_assigned_by_user_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_documents" ADD CONSTRAINT "operation_documents_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_documents" ADD CONSTRAINT "operation_documents_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_documents" ADD CONSTRAINT "operation_documents_rejected_by_user_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operation_assignees_user_idx" ON "operation_assignees" USING btree ("user_id","assigned_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "operation_milestones_operation_kind_unique" ON "operation_milestones" USING btree ("operation_id","kind") WHERE kind <> 'eta_update';--> statement-breakpoint
CREATE INDEX "operation_milestones_operation_idx" ON "operation_milestones" USING btree ("operation_id","occurred_at");--> statement-breakpoint
ALTER TABLE "operation_milestones" ADD CONSTRAINT "operation_milestones_kind_check" CHECK ("operation_milestones"."kind" in ('shipment_preparation', 'departure', 'arrival', 'inspection', 'settlement', 'customs_clearance', 'eta_update'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_company_type_check" CHECK ("profiles"."company_type" in ('importer_exporter', 'trader', 'manufacturer', 'distributor', 'broker', 'financial', 'logistics', 'inspection'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_role_check" CHECK ("profiles"."role" in ('buyer', 'seller', 'logistics', 'inspector'));
--> statement-breakpoint
-- Decision 022: a departure's bill of lading, recorded before checklists existed, is the deal's B/L document.
INSERT INTO "operation_documents" ("operation_id", "kind", "status", "file_name", "document_key", "uploaded_by", "uploaded_at")
SELECT "operation_id", 'bill_of_lading', 'uploaded', 'bill-of-lading' || substring("document_key" from '\.[a-z]+$'), "document_key", "created_by", "created_at"
FROM "operation_milestones"
WHERE "kind" = 'departure' AND "document_key" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Decision 022: a deal already shipping finishes under the rules it started with: every other document is grandfathered.
INSERT INTO "operation_documents" ("operation_id", "kind", "status", "grandfathered", "uploaded_at")
SELECT o."id", k."kind", 'uploaded', true, now()
FROM "operations" o
CROSS JOIN (VALUES ('commercial_invoice'), ('packing_list'), ('bill_of_lading'), ('certificate_of_origin'), ('phytosanitary_certificate'), ('health_certificate'), ('quality_certificate'), ('weight_certificate'), ('insurance_certificate')) AS k("kind")
WHERE o."status" IN ('shipment_preparation', 'in_transit', 'arrived', 'inspected', 'disputed')
ON CONFLICT DO NOTHING;
