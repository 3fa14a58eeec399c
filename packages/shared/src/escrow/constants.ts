/**
 * Kinds of escrow ledger transfers (docs/architecture.md, Domain): a confirmed payment is a deposit
 * (buyer → escrow), a release pays the seller (escrow → seller), a refund returns
 * the money (escrow → buyer); adjustments are manual corrections by an admin.
 */
export const LEDGER_TRANSFER_KINDS = ['deposit', 'release', 'refund', 'adjustment'] as const;
export type LedgerTransferKind = (typeof LEDGER_TRANSFER_KINDS)[number];

/** Where an order's money stands in escrow (derived from the ledger). */
export const ESCROW_STATES = ['none', 'held', 'released', 'refunded', 'split'] as const;
export type EscrowStateName = (typeof ESCROW_STATES)[number];
