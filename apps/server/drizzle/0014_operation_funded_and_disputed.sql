ALTER TABLE "operations" DROP CONSTRAINT "operations_status_check";--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_status_check" CHECK ("operations"."status" in ('pending', 'active', 'allocated', 'funded', 'shipment_preparation', 'in_transit', 'arrived', 'inspected', 'disputed', 'settled', 'rejected', 'expired', 'cancelled'));--> statement-breakpoint
-- A full deal whose every live order is paid and held in escrow is funded (issue 14): only funded deals prepare their shipment.
UPDATE "operations" o SET "status" = 'funded', "updated_at" = now()
WHERE o."status" = 'allocated'
  AND o."total_tons" = (
    SELECT coalesce(sum(p."volume"), 0) FROM "operation_participants" p
    WHERE p."operation_id" = o."id" AND p."status" = 'active' AND p."payment_status" = 'confirmed'
  );--> statement-breakpoint
-- A failed inspection opened a dispute: it is a status of its own now.
UPDATE "operations" o SET "status" = 'disputed', "updated_at" = now()
WHERE o."status" = 'inspected'
  AND EXISTS (
    SELECT 1 FROM "operation_milestones" m
    WHERE m."operation_id" = o."id" AND m."kind" = 'inspection' AND m."result" = 'failed'
  );
--> statement-breakpoint
-- Dashboard figures (migration 0001): funded and disputed deals are in progress too.
CREATE OR REPLACE VIEW buyer_kpis AS
SELECT
  p.id AS user_id,
  (count(DISTINCT part.operation_id) FILTER (
    WHERE o.status IN ('active', 'allocated', 'funded', 'shipment_preparation', 'in_transit', 'arrived', 'inspected', 'disputed')))::integer AS active_ops,
  (coalesce(sum(part.volume) FILTER (WHERE o.status NOT IN ('rejected', 'expired', 'cancelled')), 0))::integer AS total_volume,
  (count(DISTINCT part.operation_id) FILTER (WHERE o.status = 'settled'))::integer AS completed_ops
FROM profiles p
LEFT JOIN operation_participants part ON part.user_id = p.id AND part.status = 'active'
LEFT JOIN operations o ON o.id = part.operation_id
GROUP BY p.id;
--> statement-breakpoint
CREATE OR REPLACE VIEW seller_kpis AS
SELECT
  p.id AS seller_id,
  (count(o.id) FILTER (
    WHERE o.status IN ('pending', 'active', 'allocated', 'funded', 'shipment_preparation', 'in_transit', 'arrived', 'inspected', 'disputed')
      AND o.kyc_status <> 'rejected'))::integer AS active_offers,
  (coalesce(sum(o.total_tons) FILTER (
    WHERE o.status IN ('pending', 'active', 'allocated', 'funded', 'shipment_preparation', 'in_transit', 'arrived', 'inspected', 'disputed')
      AND o.kyc_status <> 'rejected'), 0))::integer AS listed_volume,
  (count(o.id) FILTER (WHERE o.status = 'settled'))::integer AS completed_offers
FROM profiles p
LEFT JOIN operations o ON o.seller_id = p.id
GROUP BY p.id;
