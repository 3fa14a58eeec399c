import { LEDGER_TRANSFER_KINDS, type LedgerTransferKind } from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { checkIn, createdAt, updatedAt } from './columns';
import { operations } from './operations';
import { orders } from './orders';

/**
 * Escrow ledger, double-entry and append-only. A transfer groups entries that sum
 * to zero (a constraint trigger checks it at commit); triggers refuse UPDATE and
 * DELETE on both tables (custom migration). Balances are sums of entries.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<LedgerTransferKind>().notNull(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    memo: text('memo'),
    /**
     * A payout's tranche (docs/decisions/021): 1, the payout (a settlement's first tranche, which
     * may keep a holdback in escrow); 2, the holdback's payout at the final measurement.
     */
    tranche: smallint('tranche').notNull().default(1),
    /** null: done by the platform itself (a scheduled job). */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('ledger_transfers_kind_check', t.kind, LEDGER_TRANSFER_KINDS),
    check('ledger_transfers_order_check', sql`${t.kind} = 'adjustment' or ${t.orderId} is not null`),
    check('ledger_transfers_tranche_check', sql`${t.tranche} in (1, 2)`),
    // An order's money comes in once and goes out once per tranche: at most one release
    // or refund of the payout, and one of the holdback (one index covers both rules).
    uniqueIndex('ledger_transfers_one_deposit_idx')
      .on(t.orderId)
      .where(sql`kind = 'deposit'`),
    uniqueIndex('ledger_transfers_one_payout_idx')
      .on(t.orderId, t.tranche)
      .where(sql`kind in ('release', 'refund')`),
    // An operation's ledger, a page at a time: keyset (created_at, id) per operation.
    index('ledger_transfers_operation_idx').on(t.operationId, t.createdAt, t.id),
    // An order's escrow state (dashboards, statements): its transfers of every kind.
    index('ledger_transfers_order_idx').on(t.orderId),
  ],
);

/** Accounts are text: 'buyer:<user id>', 'escrow:<operation id>', 'seller:<user id>'. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount_check', sql`${t.amountCents} <> 0`),
    check('ledger_entries_account_check', sql`${t.account} ~ '^(buyer|seller|escrow|platform):[A-Za-z0-9-]+$'`),
    index('ledger_entries_transfer_idx').on(t.transferId),
    index('ledger_entries_account_idx').on(t.account),
  ],
);

/**
 * Every account's balance (the sum of its entries), kept by a trigger on ledger_entries in the
 * transaction that writes them (migration 0026): the back office reads money held in escrow here
 * instead of summing the ledger. `kind` is the account's prefix (buyer, seller, escrow, platform).
 */
export const accountBalances = pgTable(
  'account_balances',
  {
    account: text('account').primaryKey(),
    kind: text('kind')
      .notNull()
      .generatedAlwaysAs(sql`split_part(account, ':', 1)`),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_balances_kind_idx').on(t.kind, t.balanceCents)],
);

/**
 * An operation's ledger summed the way its report shows it (summarizeLedger): deposited into its
 * escrow, released to the seller, the platform's fee and refunded to buyers, kept by a trigger on
 * ledger_entries in the transaction that writes them (migration 0030), so the admins' ledger pages its
 * transfers and still shows the whole ledger's sums. What it still holds is its escrow account's
 * balance (account_balances).
 */
export const operationLedgerTotals = pgTable('operation_ledger_totals', {
  operationId: uuid('operation_id')
    .primaryKey()
    .references(() => operations.id, { onDelete: 'restrict' }),
  depositedCents: bigint('deposited_cents', { mode: 'number' }).notNull().default(0),
  releasedToSellerCents: bigint('released_to_seller_cents', { mode: 'number' }).notNull().default(0),
  platformFeeCents: bigint('platform_fee_cents', { mode: 'number' }).notNull().default(0),
  refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
});
