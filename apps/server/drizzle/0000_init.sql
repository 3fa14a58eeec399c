CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "email_outbox_attempts_check" CHECK ("email_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"author_id" text,
	"is_from_platform" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_body_check" CHECK (btrim("messages"."body") <> '')
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title_es" text NOT NULL,
	"title_en" text NOT NULL,
	"excerpt_es" text NOT NULL,
	"excerpt_en" text NOT NULL,
	"body_es" text NOT NULL,
	"body_en" text NOT NULL,
	"cover_image_path" text,
	"author_name" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blog_posts_slug_check" CHECK ("blog_posts"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"subject" text,
	"message" text NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"user_id" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_language_check" CHECK ("contact_messages"."language" in ('es', 'en'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"topic" text DEFAULT 'supply_mode' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"user_id" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_email_topic_unique" UNIQUE("email","topic"),
	CONSTRAINT "waitlist_entries_language_check" CHECK ("waitlist_entries"."language" in ('es', 'en'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" ~ '^(buyer|seller|escrow|platform):[A-Za-z0-9-]+$')
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"operation_id" uuid NOT NULL,
	"participation_id" uuid,
	"memo" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_kind_check" CHECK ("ledger_transfers"."kind" in ('deposit', 'release', 'refund', 'adjustment')),
	CONSTRAINT "ledger_transfers_participation_check" CHECK ("ledger_transfers"."kind" = 'adjustment' or "ledger_transfers"."participation_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "operation_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"result" text,
	"document_key" text,
	"notes" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_milestones_operation_kind_unique" UNIQUE("operation_id","kind"),
	CONSTRAINT "operation_milestones_kind_check" CHECK ("operation_milestones"."kind" in ('shipment_preparation', 'departure', 'arrival', 'inspection', 'settlement'))
);
--> statement-breakpoint
CREATE TABLE "operation_partners" (
	"operation_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "operation_partners_pk" PRIMARY KEY("operation_id","partner_id","role"),
	CONSTRAINT "operation_partners_role_check" CHECK ("operation_partners"."role" in ('manager', 'money_arbitrage', 'shipping', 'logistics'))
);
--> statement-breakpoint
CREATE TABLE "operation_watchers" (
	"operation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_watchers_pk" PRIMARY KEY("operation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text,
	"product_name" text NOT NULL,
	"product_category" text NOT NULL,
	"type" text NOT NULL,
	"origin_country" text NOT NULL,
	"destination_country" text NOT NULL,
	"arrival_port" text,
	"warehouse" text,
	"specification" text,
	"product_spec_id" uuid,
	"image_path" text,
	"total_tons" integer NOT NULL,
	"allocated_tons" integer DEFAULT 0 NOT NULL,
	"lot_step_tons" integer DEFAULT 5 NOT NULL,
	"min_volume" integer NOT NULL,
	"max_per_participant_tons" integer,
	"container_tons" integer,
	"price_per_ton_cents" bigint NOT NULL,
	"total_price_cents" bigint GENERATED ALWAYS AS (total_tons::bigint * price_per_ton_cents) STORED,
	"deadline" timestamp with time zone,
	"expected_departure" date,
	"expected_arrival" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"kyc_status" text DEFAULT 'pending' NOT NULL,
	"kyc_reject_reason" text,
	"seller_id" text NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operations_product_category_check" CHECK ("operations"."product_category" in ('dairy', 'cocoa', 'coffee', 'meat', 'grains', 'sugar', 'oilseeds', 'fruit')),
	CONSTRAINT "operations_type_check" CHECK ("operations"."type" in ('import', 'export')),
	CONSTRAINT "operations_status_check" CHECK ("operations"."status" in ('pending', 'active', 'allocated', 'shipment_preparation', 'in_transit', 'arrived', 'inspected', 'settled', 'rejected', 'expired', 'cancelled')),
	CONSTRAINT "operations_kyc_status_check" CHECK ("operations"."kyc_status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "operations_origin_country_check" CHECK ("operations"."origin_country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "operations_destination_country_check" CHECK ("operations"."destination_country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "operations_total_tons_check" CHECK ("operations"."total_tons" > 0),
	CONSTRAINT "operations_allocated_tons_check" CHECK ("operations"."allocated_tons" >= 0 and "operations"."allocated_tons" <= "operations"."total_tons"),
	CONSTRAINT "operations_lot_step_check" CHECK ("operations"."lot_step_tons" > 0),
	CONSTRAINT "operations_min_volume_check" CHECK ("operations"."min_volume" > 0 and "operations"."min_volume" <= "operations"."total_tons"),
	CONSTRAINT "operations_max_per_participant_check" CHECK ("operations"."max_per_participant_tons" is null or "operations"."max_per_participant_tons" >= "operations"."min_volume"),
	CONSTRAINT "operations_container_tons_check" CHECK ("operations"."container_tons" is null or "operations"."container_tons" > 0),
	CONSTRAINT "operations_price_check" CHECK ("operations"."price_per_ton_cents" >= 0),
	CONSTRAINT "operations_views_check" CHECK ("operations"."views_count" >= 0),
	CONSTRAINT "operations_dates_check" CHECK ("operations"."expected_departure" is null or "operations"."expected_arrival" is null or "operations"."expected_arrival" >= "operations"."expected_departure"),
	CONSTRAINT "operations_rejection_reason_check" CHECK ("operations"."kyc_status" <> 'rejected' or coalesce(btrim("operations"."kyc_reject_reason"), '') <> '')
);
--> statement-breakpoint
CREATE TABLE "product_specs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_name" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_specs_product_name_unique" UNIQUE("product_name"),
	CONSTRAINT "product_specs_size_check" CHECK ("product_specs"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "operation_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"volume" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_reference" text NOT NULL,
	"payment_proof_path" text,
	"payment_rejected_reason" text,
	"notifications_enabled" boolean DEFAULT true NOT NULL,
	"idempotency_key" text,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_participants_payment_reference_unique" UNIQUE("payment_reference"),
	CONSTRAINT "operation_participants_idempotency_unique" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "operation_participants_payment_method_check" CHECK ("operation_participants"."payment_method" in ('wire', 'cash')),
	CONSTRAINT "operation_participants_payment_status_check" CHECK ("operation_participants"."payment_status" in ('pending', 'verification', 'confirmed', 'rejected')),
	CONSTRAINT "operation_participants_status_check" CHECK ("operation_participants"."status" in ('active', 'expired', 'cancelled')),
	CONSTRAINT "operation_participants_volume_check" CHECK ("operation_participants"."volume" > 0),
	CONSTRAINT "operation_participants_amount_check" CHECK ("operation_participants"."amount_cents" >= 0),
	CONSTRAINT "operation_participants_rejection_reason_check" CHECK ("operation_participants"."payment_status" <> 'rejected' or coalesce(btrim("operation_participants"."payment_rejected_reason"), '') <> '')
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"country" text NOT NULL,
	"website" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_name_unique" UNIQUE("name"),
	CONSTRAINT "partners_kind_check" CHECK ("partners"."kind" in ('trading', 'brokerage', 'shipping', 'logistics', 'financial', 'inspection', 'insurance')),
	CONSTRAINT "partners_country_check" CHECK ("partners"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"reason" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "onboarding_status" (
	"user_id" text PRIMARY KEY NOT NULL,
	"current_step" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_status_step_check" CHECK ("onboarding_status"."current_step" between 1 and 4),
	CONSTRAINT "onboarding_status_status_check" CHECK ("onboarding_status"."status" in ('in_progress', 'in_review', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"company_name" text NOT NULL,
	"company_type" text,
	"country" text,
	"tax_id" text,
	"role" text,
	"kyc_status" text DEFAULT 'pendiente' NOT NULL,
	"kyc_motivo_rechazo" text,
	"kyc_reviewed_at" timestamp with time zone,
	"kyc_reviewed_by" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"notification_prefs" jsonb DEFAULT '{"email":true,"in_app":true}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_company_type_check" CHECK ("profiles"."company_type" in ('importer_exporter', 'trader', 'manufacturer', 'distributor', 'broker', 'financial', 'logistics')),
	CONSTRAINT "profiles_role_check" CHECK ("profiles"."role" in ('buyer', 'seller')),
	CONSTRAINT "profiles_kyc_status_check" CHECK ("profiles"."kyc_status" in ('pendiente', 'aprobado', 'rechazado')),
	CONSTRAINT "profiles_language_check" CHECK ("profiles"."language" in ('es', 'en')),
	CONSTRAINT "profiles_country_check" CHECK ("profiles"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "profiles_rejection_reason_check" CHECK ("profiles"."kyc_status" <> 'rechazado' or coalesce(btrim("profiles"."kyc_motivo_rechazo"), '') <> '')
);
--> statement-breakpoint
CREATE TABLE "user_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"document_type" text NOT NULL,
	"file_name" text,
	"storage_key" text,
	"mime_type" text,
	"size_bytes" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"uploaded_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_documents_user_type_unique" UNIQUE("user_id","document_type"),
	CONSTRAINT "user_documents_type_check" CHECK ("user_documents"."document_type" in ('government_id', 'incorporation_cert', 'proof_address', 'bank_reference', 'tax_certificate')),
	CONSTRAINT "user_documents_status_check" CHECK ("user_documents"."status" in ('pending', 'uploaded', 'verified', 'rejected')),
	CONSTRAINT "user_documents_size_check" CHECK ("user_documents"."size_bytes" is null or "user_documents"."size_bytes" >= 0),
	CONSTRAINT "user_documents_file_check" CHECK ("user_documents"."status" = 'pending' or "user_documents"."storage_key" is not null),
	CONSTRAINT "user_documents_rejection_reason_check" CHECK ("user_documents"."status" <> 'rejected' or coalesce(btrim("user_documents"."reject_reason"), '') <> '')
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_participation_id_operation_participants_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."operation_participants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_milestones" ADD CONSTRAINT "operation_milestones_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_milestones" ADD CONSTRAINT "operation_milestones_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_partners" ADD CONSTRAINT "operation_partners_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_partners" ADD CONSTRAINT "operation_partners_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_watchers" ADD CONSTRAINT "operation_watchers_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_watchers" ADD CONSTRAINT "operation_watchers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_product_spec_id_product_specs_id_fk" FOREIGN KEY ("product_spec_id") REFERENCES "public"."product_specs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_participants" ADD CONSTRAINT "operation_participants_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_participants" ADD CONSTRAINT "operation_participants_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_status" ADD CONSTRAINT "onboarding_status_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_kyc_reviewed_by_user_id_fk" FOREIGN KEY ("kyc_reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "email_outbox_unsent_idx" ON "email_outbox" USING btree ("created_at") WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX "messages_operation_idx" ON "messages" USING btree ("operation_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_one_deposit_idx" ON "ledger_transfers" USING btree ("participation_id") WHERE kind = 'deposit';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_one_payout_idx" ON "ledger_transfers" USING btree ("participation_id") WHERE kind in ('release', 'refund');--> statement-breakpoint
CREATE INDEX "ledger_transfers_operation_idx" ON "ledger_transfers" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "operation_partners_partner_idx" ON "operation_partners" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "operation_watchers_user_idx" ON "operation_watchers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operations_one_featured_idx" ON "operations" USING btree ("is_featured") WHERE is_featured;--> statement-breakpoint
CREATE INDEX "operations_public_list_idx" ON "operations" USING btree ("kyc_status","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "operations_public_all_idx" ON "operations" USING btree ("kyc_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "operations_seller_idx" ON "operations" USING btree ("seller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "operation_participants_operation_idx" ON "operation_participants" USING btree ("operation_id","status");--> statement-breakpoint
CREATE INDEX "operation_participants_user_idx" ON "operation_participants" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "operation_participants_expiry_idx" ON "operation_participants" USING btree ("expires_at") WHERE status = 'active' and payment_status in ('pending', 'rejected');--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_kyc_status_idx" ON "profiles" USING btree ("kyc_status");