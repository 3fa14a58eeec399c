import { type Cents } from './money';
import { computePlatformFeeCents } from './platform-fee';

/**
 * Who receives each entry of a payout transfer: the escrow gives up what the order holds, the
 * seller gets the gross less the platform's fee, the platform its fee, the buyer their refund.
 */
export const PAYOUT_ENTRY_ROLES = ['escrow', 'seller', 'platform_fee', 'buyer_refund'] as const;
export type PayoutEntryRole = (typeof PAYOUT_ENTRY_ROLES)[number];

export interface PayoutEntry {
  role: PayoutEntryRole;
  /** Signed, as the ledger books it: the escrow's entry is negative, the others are not. */
  amountCents: Cents;
}

/** How one order's escrow is paid out: the figures a confirmation dialog shows and the ledger books. */
export interface PayoutSplit {
  /** The ledger transfer's kind: everything back to the buyer is a refund; anything to the seller, a release. */
  kind: 'release' | 'refund';
  heldCents: Cents;
  refundCents: Cents;
  /** What stays in escrow after this transfer (a holdback until the final measurement), 0 otherwise. */
  holdbackCents: Cents;
  /** What leaves escrow for the seller's side: the held amount less the refund and the holdback (the fee is taken from it). */
  grossCents: Cents;
  feeBps: number;
  feeCents: Cents;
  /** What the seller receives: gross less the fee. */
  netCents: Cents;
  /** The transfer's entries in booking order; they sum to zero. Entries of 0 are kept (the ledger drops them). */
  entries: PayoutEntry[];
}

/**
 * Splits what one order holds in escrow into the entries of its payout transfer: `refundCents`
 * back to the buyer (no fee on a refund), the rest to the seller less the platform's fee
 * (computePlatformFeeCents: rounded down, in the seller's favour). The one function both the
 * ledger booking (escrow.service.ts's payOutOrder) and the back office's previews call,
 * so a dialog shows exactly what the transfer then books. Integers only; anything out of range
 * (nothing held, a refund above the held amount or below zero) is refused with a RangeError.
 */
export function computePayoutSplit(input: {
  heldCents: Cents;
  refundCents: Cents;
  feeBps: number;
  /**
   * What stays in escrow (the first tranche of a settlement keeps the holdback there until the
   * final measurement: computeHoldbackCents); 0 by default, everything held is paid out.
   */
  holdbackCents?: Cents;
}): PayoutSplit {
  const { heldCents, refundCents, feeBps } = input;
  const holdbackCents = input.holdbackCents ?? 0;
  if (!Number.isSafeInteger(heldCents) || heldCents <= 0) {
    throw new RangeError('a payout needs a whole, positive number of cents held');
  }
  if (!Number.isSafeInteger(refundCents) || refundCents < 0 || refundCents > heldCents) {
    throw new RangeError('the refund must be whole cents between 0 and the held amount');
  }
  if (
    !Number.isSafeInteger(holdbackCents) ||
    holdbackCents < 0 ||
    holdbackCents + refundCents > heldCents ||
    holdbackCents >= heldCents
  ) {
    throw new RangeError('the holdback must be whole cents, leaving something to pay out');
  }
  const paidOutCents = heldCents - holdbackCents;
  const grossCents = paidOutCents - refundCents;
  const feeCents = computePlatformFeeCents(grossCents, feeBps);
  const netCents = grossCents - feeCents;
  return {
    kind: grossCents === 0 ? 'refund' : 'release',
    heldCents,
    refundCents,
    holdbackCents,
    grossCents,
    feeBps,
    feeCents,
    netCents,
    entries: [
      { role: 'escrow', amountCents: -paidOutCents },
      { role: 'seller', amountCents: netCents },
      { role: 'platform_fee', amountCents: feeCents },
      { role: 'buyer_refund', amountCents: refundCents },
    ],
  };
}

/** Sums of several orders' splits (a deal's settlement, a dispute's decision, a cancellation's refunds). */
export function sumPayoutSplits(splits: readonly PayoutSplit[]) {
  const total = { heldCents: 0, refundCents: 0, holdbackCents: 0, grossCents: 0, feeCents: 0, netCents: 0 };
  for (const split of splits) {
    total.heldCents += split.heldCents;
    total.refundCents += split.refundCents;
    total.holdbackCents += split.holdbackCents;
    total.grossCents += split.grossCents;
    total.feeCents += split.feeCents;
    total.netCents += split.netCents;
  }
  return total;
}
