-- Issue 26, decision 026: the API's JSON became camelCase in version 2026-11-27. A key made before speaks the
-- first version (2026-11-25: its routes' snake_case keys) until its owner moves it, so an integration written
-- against docs/api.md as it was goes on working; a new key is made with the current version by the server
-- (CURRENT_API_VERSION in packages/shared), so the column keeps no default.
ALTER TABLE "api_keys" ADD COLUMN "api_version" text DEFAULT '2026-11-25' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "api_version" DROP DEFAULT;
