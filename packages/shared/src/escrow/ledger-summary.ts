import { type LedgerTransferKind } from './constants';

/**
 * What a ledger transfer is, read from its entries: the stored kind says deposit, release or
 * refund, but a dispute's partial refund is stored as a release whose entries also pay the
 * buyer back, and it must not be shown as a release. Derived, so transfers booked before this
 * existed are named alike.
 */
export const LEDGER_TRANSFER_NATURES = ['deposit', 'release', 'refund', 'partial_refund', 'adjustment'] as const;
export type LedgerTransferNature = (typeof LEDGER_TRANSFER_NATURES)[number];

interface EntryLike {
  account: string;
  amountCents: number;
}

/** Sum of the entries of accounts of one kind ("buyer", "escrow", "seller", "platform"). */
function sumOfAccounts(entries: readonly EntryLike[], kind: string): number {
  return entries
    .filter((entry) => entry.account.startsWith(`${kind}:`))
    .reduce((total, entry) => total + entry.amountCents, 0);
}

export function ledgerTransferNature(kind: LedgerTransferKind, entries: readonly EntryLike[]): LedgerTransferNature {
  if (kind === 'deposit' || kind === 'adjustment') return kind;
  const toSellerSide = sumOfAccounts(entries, 'seller') + sumOfAccounts(entries, 'platform');
  const toBuyer = sumOfAccounts(entries, 'buyer');
  if (toSellerSide > 0 && toBuyer > 0) return 'partial_refund';
  return toBuyer > 0 ? 'refund' : 'release';
}

/**
 * An operation's escrow in five sums, each over its ledger entries: deposited (escrow entries of
 * deposits), released to the seller (seller entries: net of the fee), the platform's fee
 * (platform entries), refunded (buyer entries of payouts) and still held (every escrow entry).
 * Deposited = released + fee + refunded + held, as long as no manual adjustment moved money.
 */
export interface LedgerSummary {
  depositedCents: number;
  releasedToSellerCents: number;
  platformFeeCents: number;
  refundedCents: number;
  heldCents: number;
}

export function summarizeLedger(
  transfers: readonly { kind: LedgerTransferKind; entries: readonly EntryLike[] }[],
): LedgerSummary {
  const summary: LedgerSummary = {
    depositedCents: 0,
    releasedToSellerCents: 0,
    platformFeeCents: 0,
    refundedCents: 0,
    heldCents: 0,
  };
  for (const transfer of transfers) {
    summary.heldCents += sumOfAccounts(transfer.entries, 'escrow');
    if (transfer.kind === 'deposit') {
      summary.depositedCents += sumOfAccounts(transfer.entries, 'escrow');
      continue;
    }
    summary.releasedToSellerCents += sumOfAccounts(transfer.entries, 'seller');
    summary.platformFeeCents += sumOfAccounts(transfer.entries, 'platform');
    summary.refundedCents += sumOfAccounts(transfer.entries, 'buyer');
  }
  return summary;
}
