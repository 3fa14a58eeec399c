CREATE TABLE "operation_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"volume" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_tons" integer,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"participation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_waitlist_status_check" CHECK ("operation_waitlist"."status" in ('waiting', 'offered', 'claimed', 'passed', 'left')),
	CONSTRAINT "operation_waitlist_volume_check" CHECK ("operation_waitlist"."volume" > 0),
	CONSTRAINT "operation_waitlist_offered_check" CHECK ("operation_waitlist"."offered_tons" is null or "operation_waitlist"."offered_tons" > 0)
);
--> statement-breakpoint
ALTER TABLE "operation_participants" ADD COLUMN "proof_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operation_participants" ADD COLUMN "payment_reviewed_by" text;--> statement-breakpoint
ALTER TABLE "operation_participants" ADD COLUMN "payment_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operation_participants" ADD COLUMN "ended_reason" text;--> statement-breakpoint
ALTER TABLE "operation_participants" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operation_waitlist" ADD CONSTRAINT "operation_waitlist_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_waitlist" ADD CONSTRAINT "operation_waitlist_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_waitlist" ADD CONSTRAINT "operation_waitlist_participation_id_operation_participants_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."operation_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operation_waitlist_one_live_idx" ON "operation_waitlist" USING btree ("operation_id","user_id") WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "operation_waitlist_line_idx" ON "operation_waitlist" USING btree ("operation_id","status","created_at");--> statement-breakpoint
ALTER TABLE "operation_participants" ADD CONSTRAINT "operation_participants_payment_reviewed_by_user_id_fk" FOREIGN KEY ("payment_reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;