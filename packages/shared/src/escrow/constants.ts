/**
 * Kinds of escrow ledger transfers (DESIGN §2): a confirmed payment is a deposit
 * (buyer → escrow), a release pays the seller (escrow → seller), a refund returns
 * the money (escrow → buyer); adjustments are manual corrections by an admin.
 */
export const LEDGER_TRANSFER_KINDS = ['deposit', 'release', 'refund', 'adjustment'] as const;
export type LedgerTransferKind = (typeof LEDGER_TRANSFER_KINDS)[number];
