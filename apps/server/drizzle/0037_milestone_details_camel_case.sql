-- Issue 26, decision 026: one casing. A step's stored details (operation_milestones.details) take the names of
-- the step's form fields and of the API's answer: bl_number → blNumber, net_weight_kg → netWeightKg (the other
-- keys, vessel, voyage, containers, quality and eta, are one word already). A key is renamed only where it is
-- present; the values, and rows without details, are untouched.
UPDATE "operation_milestones"
SET "details" = ("details" - 'bl_number' - 'net_weight_kg')
  || CASE WHEN "details" ? 'bl_number' THEN jsonb_build_object('blNumber', "details" -> 'bl_number') ELSE '{}'::jsonb END
  || CASE WHEN "details" ? 'net_weight_kg' THEN jsonb_build_object('netWeightKg', "details" -> 'net_weight_kg') ELSE '{}'::jsonb END
WHERE "details" ?| ARRAY['bl_number', 'net_weight_kg'];
