-- Issue 26, decision 026: the API's JSON became camelCase in version 2026-11-27. A key made before speaks the
-- first version (2026-11-25: its routes' snake_case keys) until its owner moves it, so an integration written
-- against docs/api.md as it was goes on working (and its webhook endpoints receive the events as they were); a new key is made with the current version by the server
-- (CURRENT_API_VERSION in packages/shared), so the column keeps no default.
ALTER TABLE "api_keys" ADD COLUMN "api_version" text DEFAULT '2026-11-25' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "api_version" DROP DEFAULT;--> statement-breakpoint
-- The same for webhook endpoints: the events sent to an endpoint made before read `created_at`, as documented then.
ALTER TABLE "webhook_endpoints" ADD COLUMN "api_version" text DEFAULT '2026-11-25' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "api_version" DROP DEFAULT;
