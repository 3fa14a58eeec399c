import { type LedgerResponse, ledgerTransferNature, operationTitleFor, summarizeLedger } from '@tradeops/shared';
import { eq, inArray } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { operations, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { getOperationLedger } from './read-escrow.service';

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

/**
 * An operation's escrow ledger for admins: every transfer with its entries, named by what it is
 * (a release that also refunds is a partial refund), and the five sums of its entries
 * (summarizeLedger): deposited, released to the seller, platform fee, refunded, still held.
 */
export async function getLedger(db: AppDatabase, operationId: string, language: string): Promise<LedgerResponse> {
  const [operation] = await db
    .select({ id: operations.id, title: operations.title, titleEn: operations.titleEn })
    .from(operations)
    .where(eq(operations.id, operationId));
  if (!operation) throw new AppError('OPERATION_NOT_FOUND');
  const transfers = await getOperationLedger(db, operationId);
  const parties = await getAccountParties(
    db,
    transfers.flatMap((transfer) => transfer.entries.map((entry) => entry.account)),
  );
  const summary = summarizeLedger(transfers);
  return {
    operation: { id: operation.id, title: operationTitleFor(operation, language) },
    transfers: transfers.map((transfer) => ({
      id: transfer.id,
      kind: transfer.kind,
      nature: ledgerTransferNature(transfer.kind, transfer.entries),
      order_id: transfer.orderId,
      memo: transfer.memo,
      created_at: transfer.createdAt.toISOString(),
      sum_cents: transfer.entries.reduce((sum, entry) => sum + entry.amountCents, 0),
      entries: transfer.entries.map((entry) => ({
        id: entry.id,
        account: entry.account,
        party: parties.get(entry.account) ?? null,
        amount_cents: entry.amountCents,
      })),
    })),
    deposited_cents: summary.depositedCents,
    released_to_seller_cents: summary.releasedToSellerCents,
    platform_fee_cents: summary.platformFeeCents,
    refunded_cents: summary.refundedCents,
    held_cents: summary.heldCents,
  };
}
