import { type LedgerResponse } from '@tradeops/shared';
import { eq, inArray } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { operations, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { operationTitleFor } from '@tradeops/shared';
import { getEscrowHeldCents, getOperationLedger } from './escrow.service';

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

/** An operation's escrow ledger for admins: every transfer with its entries and sums. */
export async function getLedger(db: AppDatabase, operationId: string, language: string): Promise<LedgerResponse> {
  const [operation] = await db
    .select({ id: operations.id, title: operations.title, titleEn: operations.titleEn })
    .from(operations)
    .where(eq(operations.id, operationId));
  if (!operation) throw new AppError('OPERATION_NOT_FOUND');
  const transfers = await getOperationLedger(db, operationId);
  const held = await getEscrowHeldCents(db, operationId);
  const parties = await getAccountParties(
    db,
    transfers.flatMap((transfer) => transfer.entries.map((entry) => entry.account)),
  );
  let deposited = 0;
  let paidOut = 0;
  for (const transfer of transfers) {
    for (const entry of transfer.entries) {
      if (!entry.account.startsWith('escrow:')) continue;
      if (entry.amountCents > 0) deposited += entry.amountCents;
      else paidOut -= entry.amountCents;
    }
  }
  return {
    operation: { id: operation.id, title: operationTitleFor(operation, language) },
    transfers: transfers.map((transfer) => ({
      id: transfer.id,
      kind: transfer.kind,
      participation_id: transfer.participationId,
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
    held_cents: held,
    deposited_cents: deposited,
    paid_out_cents: paidOut,
  };
}
