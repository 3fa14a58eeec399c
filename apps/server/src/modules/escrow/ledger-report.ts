import { type LedgerResponse, type PageQuery, ledgerTransferNature, operationTitleFor } from '@tradeops/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { accountBalances, ledgerTransfers, operationLedgerTotals, operations, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { escrowAccount } from './ledger-accounts';
import { readEntriesByTransfer } from './read-escrow.service';

/** The company behind each buyer:<user id> and seller:<user id> account, so the ledger says who paid and who was paid. */
async function getAccountParties(db: AppDatabase, accounts: string[]): Promise<Map<string, string>> {
  const userIds = new Map<string, string[]>();
  for (const account of new Set(accounts)) {
    const [kind, id] = account.split(':');
    if ((kind !== 'buyer' && kind !== 'seller') || !id) continue;
    userIds.set(id, [...(userIds.get(id) ?? []), account]);
  }
  if (userIds.size === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, companyName: profiles.companyName })
    .from(profiles)
    .where(inArray(profiles.id, [...userIds.keys()]));
  return new Map(
    rows.flatMap((row) => (userIds.get(row.id) ?? []).map((account) => [account, row.companyName] as const)),
  );
}

const TRANSFERS_KEYSET: Keyset = {
  at: ledgerTransfers.createdAt,
  id: ledgerTransfers.id,
  order: 'asc',
  idIsUuid: true,
};

/** A page of the operation's transfers, oldest first (ledger_transfers_operation_idx), each with its entries. */
async function selectTransfersPage(db: AppDatabase, operationId: string, page: PageQuery) {
  const rows = await db
    .select({ cursorAt: cursorAtOf(TRANSFERS_KEYSET), transfer: ledgerTransfers })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.operationId, operationId), afterCursor(TRANSFERS_KEYSET, page.cursor)))
    .orderBy(...keysetOrder(TRANSFERS_KEYSET))
    .limit(page.limit + 1);
  const byTransfer = await readEntriesByTransfer(
    db,
    rows.slice(0, page.limit).map((row) => row.transfer.id),
  );
  return rows.map((row) => ({ ...row, entries: byTransfer.get(row.transfer.id) ?? [] }));
}

/**
 * The whole ledger's sums and its number of transfers, from what is kept with every entry: the
 * operation's totals (operation_ledger_totals) and its escrow account's balance (account_balances,
 * what it still holds); the transfers counted on ledger_transfers_operation_idx.
 */
async function selectLedgerTotals(db: AppDatabase, operationId: string) {
  const [[totals], [held], [transfers]] = await Promise.all([
    db.select().from(operationLedgerTotals).where(eq(operationLedgerTotals.operationId, operationId)),
    db
      .select({ cents: accountBalances.balanceCents })
      .from(accountBalances)
      .where(eq(accountBalances.account, escrowAccount(operationId))),
    db.select({ n: count() }).from(ledgerTransfers).where(eq(ledgerTransfers.operationId, operationId)),
  ]);
  return {
    depositedCents: totals?.depositedCents ?? 0,
    releasedToSellerCents: totals?.releasedToSellerCents ?? 0,
    platformFeeCents: totals?.platformFeeCents ?? 0,
    refundedCents: totals?.refundedCents ?? 0,
    heldCents: held?.cents ?? 0,
    transfers: transfers?.n ?? 0,
  };
}

/**
 * An operation's escrow ledger for admins, a page of transfers at a time (oldest first), each with its
 * entries and named by what it is (a release that also refunds is a partial refund), and the five sums
 * of the whole ledger (deposited, released to the seller, platform fee, refunded, still held) from the
 * maintained totals, never from the page.
 */
export async function getLedger(
  db: AppDatabase,
  operationId: string,
  language: string,
  page: PageQuery,
): Promise<LedgerResponse> {
  const [operation] = await db
    .select({ id: operations.id, title: operations.title, titleEn: operations.titleEn })
    .from(operations)
    .where(eq(operations.id, operationId));
  if (!operation) throw new AppError('OPERATION_NOT_FOUND');
  const [rows, { transfers: total, ...sums }] = await Promise.all([
    selectTransfersPage(db, operationId, page),
    selectLedgerTotals(db, operationId),
  ]);
  const parties = await getAccountParties(
    db,
    rows.slice(0, page.limit).flatMap((row) => row.entries.map((entry) => entry.account)),
  );
  const transfers = toPage(
    rows,
    page,
    (row) => ({ at: row.cursorAt, id: row.transfer.id }),
    total,
    (kept) =>
      kept.map(({ transfer, entries }) => ({
        id: transfer.id,
        kind: transfer.kind,
        nature: ledgerTransferNature(transfer.kind, entries),
        orderId: transfer.orderId,
        memo: transfer.memo,
        createdAt: transfer.createdAt.toISOString(),
        sumCents: entries.reduce((sum, entry) => sum + entry.amountCents, 0),
        entries: entries.map((entry) => ({
          id: entry.id,
          account: entry.account,
          party: parties.get(entry.account) ?? null,
          amountCents: entry.amountCents,
        })),
      })),
  );
  return { operation: { id: operation.id, title: operationTitleFor(operation, language) }, ...transfers, ...sums };
}
