-- Review decisions bind to what was reviewed (custom migration). The admins' operation queue
-- shows each offer's revision (a new column may only be added at the end of a view), and
-- payments that already carry a proof count it as their first revision.
CREATE OR REPLACE VIEW admin_kyc_review AS
SELECT
  o.id,
  o.title,
  o.product_name,
  o.origin_country,
  coalesce(nullif(btrim(pr.company_name), ''), pr.full_name, u.name) AS seller_name,
  u.email AS seller_email,
  o.total_tons,
  (o.price_per_ton_cents / 100.0)::double precision AS price_usd,
  o.created_at,
  o.revision
FROM operations o
JOIN "user" u ON u.id = o.seller_id
LEFT JOIN profiles pr ON pr.id = o.seller_id
WHERE o.kyc_status = 'pending';
--> statement-breakpoint
UPDATE operation_participants SET proof_revision = 1 WHERE payment_proof_path IS NOT NULL AND proof_revision = 0;
