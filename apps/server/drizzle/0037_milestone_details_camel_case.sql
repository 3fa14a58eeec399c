-- Issue 26, decision 026: one casing. A step's stored details (operation_milestones.details) take the names of
-- the step's form fields and of the API's answer: bl_number → blNumber, net_weight_kg → netWeightKg (the other
-- keys, vessel, voyage, containers, quality and eta, are one word already). A key is renamed only where it is
-- present; the values, and rows without details, are untouched.
-- The rename changes nothing a page shows, so the realtime trigger stays quiet meanwhile: otherwise every deal with
-- a recorded departure or inspection would be announced to every instance's live pages at commit (a year of data:
-- 224,004 rows, 0.7 s of trigger time, one event per deal).
ALTER TABLE "operation_milestones" DISABLE TRIGGER "operation_milestones_notify";--> statement-breakpoint
UPDATE "operation_milestones"
SET "details" = ("details" - 'bl_number' - 'net_weight_kg')
  || CASE WHEN "details" ? 'bl_number' THEN jsonb_build_object('blNumber', "details" -> 'bl_number') ELSE '{}'::jsonb END
  || CASE WHEN "details" ? 'net_weight_kg' THEN jsonb_build_object('netWeightKg', "details" -> 'net_weight_kg') ELSE '{}'::jsonb END
WHERE "details" ?| ARRAY['bl_number', 'net_weight_kg'];--> statement-breakpoint
ALTER TABLE "operation_milestones" ENABLE TRIGGER "operation_milestones_notify";
