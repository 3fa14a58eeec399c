CREATE TABLE "dispute_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"uploaded_by" text,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_evidence_size_check" CHECK ("dispute_evidence"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"opened_by" text NOT NULL,
	"opened_by_user_id" text,
	"participation_id" uuid,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"decision_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_opened_by_check" CHECK ("disputes"."opened_by" in ('inspection', 'participant')),
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('open', 'decided')),
	CONSTRAINT "disputes_decision_check" CHECK (("disputes"."status" = 'open' and "disputes"."decision" is null) or ("disputes"."status" = 'decided' and "disputes"."decision" in ('release', 'refund', 'partial'))),
	CONSTRAINT "disputes_reason_check" CHECK (btrim("disputes"."reason") <> '')
);
--> statement-breakpoint
ALTER TABLE "operation_participants" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_user_id_user_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_participation_id_operation_participants_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."operation_participants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_evidence_dispute_idx" ON "dispute_evidence" USING btree ("dispute_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_open_idx" ON "disputes" USING btree ("operation_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "disputes_operation_idx" ON "disputes" USING btree ("operation_id","created_at");--> statement-breakpoint
-- Disputes that failed inspections opened before disputes had a table of their own: an open one per
-- disputed deal, and a decided one per deal whose settlement decided a dispute.
INSERT INTO "disputes" ("operation_id", "opened_by", "reason", "status", "decision", "decision_reason", "decided_by", "decided_at", "created_at")
SELECT o."id", 'inspection', coalesce(nullif(btrim(i."notes"), ''), 'inspection failed'),
  CASE WHEN o."status" = 'disputed' THEN 'open' ELSE 'decided' END,
  CASE WHEN o."status" = 'disputed' THEN NULL ELSE s."result" END,
  CASE WHEN o."status" = 'disputed' THEN NULL ELSE s."notes" END,
  CASE WHEN o."status" = 'disputed' THEN NULL ELSE s."created_by" END,
  CASE WHEN o."status" = 'disputed' THEN NULL ELSE s."occurred_at" END,
  i."occurred_at"
FROM "operations" o
JOIN "operation_milestones" i ON i."operation_id" = o."id" AND i."kind" = 'inspection' AND i."result" = 'failed'
LEFT JOIN "operation_milestones" s ON s."operation_id" = o."id" AND s."kind" = 'settlement'
WHERE o."status" = 'disputed' OR (o."status" = 'settled' AND s."result" IN ('release', 'refund', 'partial'));
