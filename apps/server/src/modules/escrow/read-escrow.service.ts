/** Where escrow money stands: per order, per operation, and the ledger's lines (read only; split from escrow.service.ts). */
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Queryable } from '../../db/client';
import { accountBalances, ledgerEntries, ledgerTransfers } from '../../db/schema';
import { ESCROW_ACCOUNT_KIND, escrowAccount } from './ledger-accounts';

export type EscrowState = 'none' | 'held' | 'released' | 'refunded' | 'split';

/** Cents an order has in escrow now (deposit minus what was paid out of it). */
export async function getHeldCents(db: Queryable, orderId: string): Promise<number> {
  const [row] = await db
    .select({
      held: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} like 'escrow:%'), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(eq(ledgerTransfers.orderId, orderId));
  return Number(row?.held ?? 0);
}

/** Where one order's money stands, from its ledger entries. */
export interface EscrowPosition {
  state: EscrowState;
  heldCents: number;
  refundedCents: number;
  /** Left escrow for the seller's side, the platform's fee included (gross). */
  releasedCents: number;
  feeCents: number;
}

/** The escrow state of each given order, for the buyer's and seller's views. */
export async function getEscrowStates(db: Queryable, orderIds: string[]): Promise<Map<string, EscrowPosition>> {
  const result = new Map<string, EscrowPosition>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({
      orderId: ledgerTransfers.orderId,
      escrow: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} like 'escrow:%'), 0)`,
      deposited: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerTransfers.kind} = 'deposit' and ${ledgerEntries.account} like 'escrow:%'), 0)`,
      toBuyer: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerTransfers.kind} <> 'deposit' and ${ledgerEntries.account} like 'buyer:%'), 0)`,
      // Released: what left escrow for the seller, the platform's fee on it included (gross).
      toSeller: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} like 'seller:%' or ${ledgerEntries.account} like 'platform:%'), 0)`,
      fee: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} like 'platform:%'), 0)`,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .where(inArray(ledgerTransfers.orderId, orderIds))
    .groupBy(ledgerTransfers.orderId);
  for (const row of rows) {
    const held = Number(row.escrow);
    const refunded = Number(row.toBuyer);
    const released = Number(row.toSeller);
    let state: EscrowState = 'none';
    if (Number(row.deposited) > 0) {
      if (held > 0) state = 'held';
      else if (refunded > 0 && released > 0) state = 'split';
      else if (refunded > 0) state = 'refunded';
      else state = 'released';
    }
    result.set(row.orderId!, {
      state,
      heldCents: held,
      refundedCents: refunded,
      releasedCents: released,
      feeCents: Number(row.fee),
    });
  }
  return result;
}

/** The entries of the given ledger transfers, grouped by transfer, each group in entry order. */
export async function readEntriesByTransfer(db: Queryable, transferIds: string[]) {
  const entries =
    transferIds.length === 0
      ? []
      : await db
          .select()
          .from(ledgerEntries)
          .where(inArray(ledgerEntries.transferId, transferIds))
          .orderBy(asc(ledgerEntries.id));
  const byTransfer = new Map<string, (typeof entries)[number][]>();
  for (const entry of entries) {
    const list = byTransfer.get(entry.transferId);
    if (list) list.push(entry);
    else byTransfer.set(entry.transferId, [entry]);
  }
  return byTransfer;
}

/**
 * The ledger transfers `where` picks, oldest first, each with its entries (a buyer's order or a seller's
 * payouts on one deal: bounded by the deal's orders). The admins' ledger view pages instead
 * (ledger-report.ts).
 */
export async function readTransfersWithEntries(db: Queryable, where: SQL | undefined) {
  const transfers = await db
    .select()
    .from(ledgerTransfers)
    .where(where)
    .orderBy(asc(ledgerTransfers.createdAt), asc(ledgerTransfers.id));
  const byTransfer = await readEntriesByTransfer(
    db,
    transfers.map((transfer) => transfer.id),
  );
  return transfers.map((transfer) => ({ ...transfer, entries: byTransfer.get(transfer.id) ?? [] }));
}

/**
 * Cents held in escrow, per operation or overall (admin KPIs): from the balances a trigger keeps with
 * every ledger entry (account_balances, migration 0026), never a scan of the ledger.
 */
export async function getEscrowHeldCents(db: Queryable, operationId?: string): Promise<number> {
  const [row] = await db
    .select({ held: sql<string>`coalesce(sum(${accountBalances.balanceCents}), 0)` })
    .from(accountBalances)
    .where(
      operationId
        ? eq(accountBalances.account, escrowAccount(operationId))
        : eq(accountBalances.kind, ESCROW_ACCOUNT_KIND),
    );
  return Number(row?.held ?? 0);
}

/** Cents held in escrow per operation (the seller's offers), from the maintained balances; absent: 0. */
export async function getEscrowHeldByOperation(db: Queryable, operationIds: string[]): Promise<Map<string, number>> {
  if (operationIds.length === 0) return new Map();
  const rows = await db
    .select({ account: accountBalances.account, balanceCents: accountBalances.balanceCents })
    .from(accountBalances)
    .where(inArray(accountBalances.account, operationIds.map(escrowAccount)));
  const prefix = `${ESCROW_ACCOUNT_KIND}:`;
  return new Map(rows.map((row) => [row.account.slice(prefix.length), row.balanceCents]));
}

/** When each order's escrow was paid out (its release or refund transfer), by order id. */
export async function getPayoutDates(db: Queryable, orderIds: string[]): Promise<Map<string, Date>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: ledgerTransfers.orderId, createdAt: ledgerTransfers.createdAt })
    .from(ledgerTransfers)
    .where(and(inArray(ledgerTransfers.orderId, orderIds), inArray(ledgerTransfers.kind, ['release', 'refund'])));
  return new Map(rows.map((row) => [row.orderId!, row.createdAt]));
}
