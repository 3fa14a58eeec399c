CREATE TABLE "compliance_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"subject" text NOT NULL,
	"subject_name" text NOT NULL,
	"subject_key" text NOT NULL,
	"entry_key" text NOT NULL,
	"entry" jsonb NOT NULL,
	"matched_name" text NOT NULL,
	"score" double precision NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by_screening_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_cases_status_check" CHECK ("compliance_cases"."status" in ('open', 'cleared', 'confirmed')),
	CONSTRAINT "compliance_cases_subject_check" CHECK ("compliance_cases"."subject" in ('company', 'person')),
	CONSTRAINT "compliance_cases_decision_check" CHECK ("compliance_cases"."status" = 'open' or ("compliance_cases"."decided_at" is not null and coalesce(btrim("compliance_cases"."decision_reason"), '') <> ''))
);
--> statement-breakpoint
CREATE TABLE "rescreen_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"screened" integer DEFAULT 0 NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"cases_opened" integer DEFAULT 0 NOT NULL,
	"cursor" text,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rescreen_runs_status_check" CHECK ("rescreen_runs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "rescreen_runs_counts_check" CHECK ("rescreen_runs"."screened" >= 0 and "rescreen_runs"."total" >= 0 and "rescreen_runs"."hits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sanctions_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sanctions_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"programs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"birth_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"identifiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text,
	CONSTRAINT "sanctions_entries_kind_check" CHECK ("sanctions_entries"."kind" in ('individual', 'entity', 'vessel', 'aircraft'))
);
--> statement-breakpoint
CREATE TABLE "sanctions_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'loading' NOT NULL,
	"origin" text NOT NULL,
	"published_at" timestamp with time zone,
	"file_sha256" text NOT NULL,
	"files" jsonb NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"alias_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"loaded_by" text,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sanctions_lists_source_check" CHECK ("sanctions_lists"."source" in ('ofac_sdn', 'un_consolidated', 'eu_consolidated')),
	CONSTRAINT "sanctions_lists_status_check" CHECK ("sanctions_lists"."status" in ('loading', 'active', 'superseded', 'failed')),
	CONSTRAINT "sanctions_lists_origin_check" CHECK ("sanctions_lists"."origin" in ('upload', 'fetch', 'seed')),
	CONSTRAINT "sanctions_lists_counts_check" CHECK ("sanctions_lists"."entry_count" >= 0 and "sanctions_lists"."alias_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "screenings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text,
	"trigger" text NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"list_versions" jsonb NOT NULL,
	"threshold" double precision NOT NULL,
	"best_score" double precision NOT NULL,
	"decision" text NOT NULL,
	"matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screenings_trigger_check" CHECK ("screenings"."trigger" in ('signup', 'company_change', 'kyc_review', 'order', 'waitlist_claim', 'escrow_payout', 'list_load', 'manual')),
	CONSTRAINT "screenings_decision_check" CHECK ("screenings"."decision" in ('clear', 'review', 'blocked'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "compliance_status" text DEFAULT 'clear' NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_cases" ADD CONSTRAINT "compliance_cases_profile_id_user_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_cases" ADD CONSTRAINT "compliance_cases_opened_by_screening_id_screenings_id_fk" FOREIGN KEY ("opened_by_screening_id") REFERENCES "public"."screenings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_cases" ADD CONSTRAINT "compliance_cases_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescreen_runs" ADD CONSTRAINT "rescreen_runs_list_id_sanctions_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_entries" ADD CONSTRAINT "sanctions_entries_list_id_sanctions_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_lists" ADD CONSTRAINT "sanctions_lists_loaded_by_user_id_fk" FOREIGN KEY ("loaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_profile_id_user_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_cases_identity_unique" ON "compliance_cases" USING btree ("profile_id","subject","entry_key","subject_key");--> statement-breakpoint
CREATE INDEX "compliance_cases_status_idx" ON "compliance_cases" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "compliance_cases_profile_idx" ON "compliance_cases" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "rescreen_runs_created_idx" ON "rescreen_runs" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sanctions_entries_list_idx" ON "sanctions_entries" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sanctions_lists_active_unique" ON "sanctions_lists" USING btree ("source") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "sanctions_lists_created_idx" ON "sanctions_lists" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "screenings_profile_idx" ON "screenings" USING btree ("profile_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "screenings_created_idx" ON "screenings" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_compliance_status_check" CHECK ("profiles"."compliance_status" in ('clear', 'review', 'blocked'));