import { type Cents } from './money';

/**
 * The platform's commission: a share of the seller's payout in basis points
 * (1 bp = 0.01 %), an admin setting. Integers only, so no binary fraction ever
 * reaches a ledger amount.
 */
export const DEFAULT_PLATFORM_FEE_BPS = 200;
/** 0 % (no commission) to 20 %: a typo such as 2000 for 2 % is refused rather than taken. */
export const PLATFORM_FEE_BPS_RANGE = { min: 0, max: 2000 } as const;

const BPS_PER_UNIT = 10_000n;

/**
 * The fee on a payout to a seller, in cents: payout × bps / 10 000, rounded DOWN to the
 * cent, so the platform never takes more than its stated rate and the seller keeps the
 * fraction (2 % of 1 ¢ … 49 ¢ is 0 ¢). Exact for any safe-integer payout (BigInt arithmetic).
 * A refund is not a payout: callers pass only what goes to the seller.
 */
export function computePlatformFeeCents(payoutCents: Cents, feeBps: number): Cents {
  if (!Number.isSafeInteger(payoutCents) || payoutCents < 0) {
    throw new RangeError('the payout must be a whole, non-negative number of cents');
  }
  if (!Number.isInteger(feeBps) || feeBps < PLATFORM_FEE_BPS_RANGE.min || feeBps > PLATFORM_FEE_BPS_RANGE.max) {
    throw new RangeError(
      `the fee must be whole basis points from ${PLATFORM_FEE_BPS_RANGE.min} to ${PLATFORM_FEE_BPS_RANGE.max}`,
    );
  }
  return Number((BigInt(payoutCents) * BigInt(feeBps)) / BPS_PER_UNIT);
}

/** The fee as a percentage number for display: 200 bp → 2, 150 bp → 1.5. */
export function feeBpsToPercent(feeBps: number): number {
  return feeBps / 100;
}
