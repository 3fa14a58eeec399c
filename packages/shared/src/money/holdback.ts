import { type Cents } from './money';
import { HOLDBACK_RELEASE_BPS_RANGE } from '../trade-terms/constants';

const BPS_PER_UNIT = 10_000n;
const KG_PER_TON = 1_000;

/**
 * The holdback of a settlement's first tranche (issue 28): on a passed inspection the seller is
 * paid `releaseBps` of what an order holds (a platform setting, 90 % by default), rounded DOWN to
 * the cent; the rest, the holdback, stays in escrow until the final weight and quality are
 * recorded. 10 000 bp holds nothing back (everything paid at once, as before the holdback).
 */
export function computeHoldbackCents(heldCents: Cents, releaseBps: number): Cents {
  if (!Number.isSafeInteger(heldCents) || heldCents < 0) {
    throw new RangeError('the held amount must be whole, non-negative cents');
  }
  if (
    !Number.isInteger(releaseBps) ||
    releaseBps < HOLDBACK_RELEASE_BPS_RANGE.min ||
    releaseBps > HOLDBACK_RELEASE_BPS_RANGE.max
  ) {
    throw new RangeError('the released share must be whole basis points within its range');
  }
  const released = Number((BigInt(heldCents) * BigInt(releaseBps)) / BPS_PER_UNIT);
  // An order too small to release a cent of is paid out whole: a tranche of nothing is no transfer.
  return released === 0 ? 0 : heldCents - released;
}

/** Measured net tons (up to three decimals) as whole kilograms, the unit the shortfall is computed in. */
export function tonsToKg(tons: number): number {
  return Math.round(tons * KG_PER_TON);
}

export interface ShortfallOrder {
  id: string;
  /** What the buyer paid into escrow for this order (its deposit): the base of its pro-rata share. */
  depositedCents: Cents;
  /** What the order still holds (its holdback): a refund never exceeds it. */
  heldCents: Cents;
}

export interface ShortfallRefund {
  id: string;
  /** The order's exact share of the shortfall's value, rounded by largest remainder. */
  shareCents: Cents;
  /** What the holdback refunds: the share, at most what the order still holds. */
  refundCents: Cents;
  /** A share above what the order still holds: not refunded from escrow (a claim for a dispute). */
  uncoveredCents: Cents;
}

export interface ShortfallResult {
  contractedKg: number;
  measuredKg: number;
  toleranceKg: number;
  /** contracted − measured when that exceeds the tolerance, else 0 (within tolerance nothing is refunded). */
  shortfallKg: number;
  /** The value of the shortfall: Σ deposits × shortfall / contracted, rounded down to the cent. */
  valueCents: Cents;
  refunds: ShortfallRefund[];
}

/**
 * The final measurement's refunds. The deal's contracted weight is its orders' tons; the measured
 * net weight falls short when it is below; a shortfall within the quantity tolerance (± %, the
 * deal's trade terms) is the seller's to keep. Beyond the tolerance the buyers pay only for what
 * was measured: the value of the whole shortfall (Σ deposits × shortfall / contracted, rounded
 * down to the cent) is refunded to them pro rata to their deposits.
 *
 * Rounding rule (largest remainder, docs/decisions/021): each order's exact share
 * value × deposit / Σ deposits is rounded down to the cent; the cents still missing to the
 * total (fewer than the number of orders) go one each to the orders with the largest dropped
 * fractions, ties to the earlier order in the given list. So the shares sum to the total exactly,
 * and no order's share is more than one cent from its exact value. An order's refund is its
 * share capped at what it still holds; the rest is reported as uncovered.
 */
export function computeShortfallRefunds(input: {
  orders: readonly (ShortfallOrder & { tons: number })[];
  measuredKg: number;
  tolerancePercent: number;
}): ShortfallResult {
  const { orders, measuredKg, tolerancePercent } = input;
  if (!Number.isSafeInteger(measuredKg) || measuredKg < 0) throw new RangeError('the measured weight must be whole kg');
  if (!Number.isInteger(tolerancePercent) || tolerancePercent < 0 || tolerancePercent > 100) {
    throw new RangeError('the tolerance must be a whole percentage');
  }
  const contractedKg = orders.reduce((sum, order) => sum + order.tons * KG_PER_TON, 0);
  const toleranceKg = Math.floor((contractedKg * tolerancePercent) / 100);
  const missingKg = Math.max(0, contractedKg - measuredKg);
  const shortfallKg = missingKg > toleranceKg ? missingKg : 0;
  const deposited = orders.reduce((sum, order) => sum + BigInt(order.depositedCents), 0n);
  const valueCents = contractedKg === 0 ? 0 : Number((deposited * BigInt(shortfallKg)) / BigInt(contractedKg));
  const shares = largestRemainderShares(
    BigInt(valueCents),
    orders.map((order) => BigInt(order.depositedCents)),
  );
  return {
    contractedKg,
    measuredKg,
    toleranceKg,
    shortfallKg,
    valueCents,
    refunds: orders.map((order, index) => {
      const shareCents = shares[index]!;
      const refundCents = Math.min(shareCents, order.heldCents);
      return { id: order.id, shareCents, refundCents, uncoveredCents: shareCents - refundCents };
    }),
  };
}

/**
 * Splits `total` cents in proportion to `weights` by the largest-remainder (Hamilton) method:
 * floors first, then one cent each to the largest remainders, ties to the lower index.
 */
export function largestRemainderShares(total: bigint, weights: readonly bigint[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0n);
  if (sum === 0n) return weights.map(() => 0);
  const floors = weights.map((weight) => (total * weight) / sum);
  const remainders = weights.map((weight, index) => ({ index, remainder: (total * weight) % sum }));
  let missing = total - floors.reduce((acc, value) => acc + value, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (missing <= 0n) break;
    floors[index] = floors[index]! + 1n;
    missing -= 1n;
  }
  return floors.map(Number);
}
