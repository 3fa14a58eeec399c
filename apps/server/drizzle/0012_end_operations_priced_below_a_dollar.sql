-- Deals priced below $1 a ton (custom migration), stored before prices had a floor: an offer of
-- $1e-9 was rounded to 0 ¢ and approved. Their orders can never be paid into escrow (a $0 deposit
-- has no ledger entries), so they end here, before the floor's CHECK (next migration) is added:
-- - a deal an admin has not approved is rejected with a reason: its seller can correct the price
--   and send it for review again;
-- - any other deal that has not ended is cancelled: its live orders end (operation_cancelled),
--   its waitlist closes and its tons are released. No money moved for them: nothing to refund.
-- Each deal's end is audited. Deals that already ended keep the price they were recorded with.
INSERT INTO audit_log (actor_id, action, entity_type, entity_id, reason, data)
SELECT
  NULL,
  CASE WHEN kyc_status = 'approved' THEN 'operation.cancelled' ELSE 'operation.rejected' END,
  'operation',
  id::text,
  'price_below_minimum',
  jsonb_build_object(
    'previousStatus', status,
    'pricePerTonCents', price_per_ton_cents,
    'allocatedTons', allocated_tons,
    'endedParticipations', (
      SELECT count(*) FROM operation_participants p WHERE p.operation_id = operations.id AND p.status = 'active'
    )
  )
FROM operations
WHERE price_per_ton_cents < 100 AND status NOT IN ('settled', 'rejected', 'expired', 'cancelled');
--> statement-breakpoint
UPDATE operation_participants AS p
SET status = 'cancelled', ended_reason = 'operation_cancelled', ended_at = now(), updated_at = now()
FROM operations AS o
WHERE p.operation_id = o.id
  AND p.status = 'active'
  AND o.price_per_ton_cents < 100
  AND o.status NOT IN ('settled', 'rejected', 'expired', 'cancelled');
--> statement-breakpoint
UPDATE operation_waitlist AS w
SET status = 'left', updated_at = now()
FROM operations AS o
WHERE w.operation_id = o.id
  AND w.status IN ('waiting', 'offered')
  AND o.price_per_ton_cents < 100
  AND o.status NOT IN ('settled', 'rejected', 'expired', 'cancelled');
--> statement-breakpoint
UPDATE operations
SET
  status = CASE WHEN kyc_status = 'approved' THEN 'cancelled' ELSE 'rejected' END,
  kyc_reject_reason = CASE
    WHEN kyc_status = 'approved' THEN kyc_reject_reason
    ELSE 'El precio por tonelada es inferior a $1: corrígelo y vuelve a enviar la oferta. / The price per ton is below $1: correct it and submit the offer again.'
  END,
  kyc_status = CASE WHEN kyc_status = 'approved' THEN kyc_status ELSE 'rejected' END,
  allocated_tons = 0,
  updated_at = now()
WHERE price_per_ton_cents < 100 AND status NOT IN ('settled', 'rejected', 'expired', 'cancelled');
