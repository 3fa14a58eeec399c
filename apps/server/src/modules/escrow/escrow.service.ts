import {
  type LedgerTransferKind,
  type PayoutEntryRole,
  type PayoutSplit,
  computeHoldbackCents,
  computePayoutSplit,
  sumPayoutSplits,
} from '@tradeops/shared';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type AppTransaction, type Queryable } from '../../db/client';
import { getPgErrorCode } from '../../db/errors';
import { ledgerEntries, ledgerTransfers, orders, operations } from '../../db/schema';
import { AppError } from '../../errors';
import { writeAudit } from '../audit/audit.service';
import { assertEscrowMayMove } from '../compliance/compliance-gates.service';
import { getPlatformSettings } from '../settings/settings.service';
import { PLATFORM_REVENUE_ACCOUNT, buyerAccount, escrowAccount, sellerAccount } from './ledger-accounts';
import { getEscrowStates, getHeldCents } from './read-escrow.service';

/**
 * The one place money moves (docs/architecture.md, Domain). Every function takes the caller's
 * transaction: the ledger rows commit or roll back with the business change
 * that caused them. The database enforces the rest: each transfer's entries sum
 * to zero (deferred trigger), rows are never updated or deleted, and a
 * order has at most one deposit and one payout (partial unique indexes).
 */

interface OrderMoney {
  id: string;
  operationId: string;
  userId: string;
  sellerId: string;
  amountCents: number;
}

async function lockOrderMoney(tx: AppTransaction, orderId: string): Promise<OrderMoney> {
  const [row] = await tx
    .select({
      id: orders.id,
      operationId: orders.operationId,
      userId: orders.userId,
      sellerId: operations.sellerId,
      amountCents: orders.amountCents,
    })
    .from(orders)
    .innerJoin(operations, eq(operations.id, orders.operationId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function insertTransfer(
  tx: AppTransaction,
  transfer: {
    kind: LedgerTransferKind;
    operationId: string;
    orderId: string | null;
    memo: string | null;
    createdBy: string | null;
    tranche?: 1 | 2;
  },
  entries: { account: string; amountCents: number }[],
): Promise<string> {
  const nonZero = entries.filter((entry) => entry.amountCents !== 0);
  try {
    // A savepoint: a duplicate deposit/payout becomes a CONFLICT without aborting the caller's transaction.
    return await tx.transaction(async (inner) => {
      const [row] = await inner.insert(ledgerTransfers).values(transfer).returning({ id: ledgerTransfers.id });
      await inner.insert(ledgerEntries).values(nonZero.map((entry) => ({ ...entry, transferId: row!.id })));
      return row!.id;
    });
  } catch (error) {
    if (getPgErrorCode(error) === '23505') throw new AppError('CONFLICT', {}, { cause: error });
    throw error;
  }
}

/** A confirmed payment: the order's amount moves from the buyer into the operation's escrow. */
export async function recordDeposit(tx: AppTransaction, orderId: string, actorId: string | null): Promise<string> {
  const money = await lockOrderMoney(tx, orderId);
  // A deposit of nothing would be a transfer without entries: refused, never written.
  if (money.amountCents <= 0) throw new AppError('PAYMENT_AMOUNT_INVALID');
  return insertTransfer(
    tx,
    { kind: 'deposit', operationId: money.operationId, orderId, memo: null, createdBy: actorId },
    [
      { account: buyerAccount(money.userId), amountCents: -money.amountCents },
      { account: escrowAccount(money.operationId), amountCents: money.amountCents },
    ],
  );
}

/**
 * Pays out what an order holds in escrow, once: `refundCents` goes back
 * to the buyer and the rest to the seller, less the platform's fee (a platform
 * setting in basis points), which goes to `platform:revenue` in the same transfer.
 * The entries are computePayoutSplit's (shared), the function the back office's
 * previews call too, so a confirmation shows what this books. A refund bears no
 * fee. 0 is a release, the whole amount a refund, anything between a split (a
 * dispute's partial refund) recorded as one release transfer with up to four
 * entries. A second payout is refused (CONFLICT) by the unique index, whatever the
 * concurrency. An order never deposited has nothing to pay out (NOT_FOUND is
 * not right either: CONFLICT says "not now"). The rate used is kept in the audit
 * log (`escrow.platform_fee`, entity the transfer) for the seller's statement.
 */
export async function payOutOrder(
  tx: AppTransaction,
  orderId: string,
  options: {
    refundCents: number;
    actorId: string | null;
    memo?: string | null;
    /**
     * The split a plan of this transaction computed (bookPayoutPlan): its fee rate is used rather than
     * read again (a setting saved meanwhile must not change what was planned), and a held amount that
     * moved since is refused (PAYOUT_CHANGED) rather than booked differently.
     */
    planned?: PayoutSplit;
    /** 2: the holdback's payout at the final measurement (docs/decisions/021); 1 otherwise. */
    tranche?: 1 | 2;
  },
): Promise<string> {
  const money = await lockOrderMoney(tx, orderId);
  // A party with an open or confirmed compliance case holds the money where it is.
  await assertEscrowMayMove(tx, { buyerId: money.userId, sellerId: money.sellerId });
  const held = await getHeldCents(tx, orderId);
  if (held <= 0) throw new AppError('CONFLICT');
  if (options.planned && options.planned.heldCents !== held) throw new AppError('PAYOUT_CHANGED');
  const refund = options.refundCents;
  if (!Number.isInteger(refund) || refund < 0 || refund > held) throw new AppError('VALIDATION_FAILED');
  const feeBps = options.planned?.feeBps ?? (await getPlatformSettings(tx)).platformFeeBps;
  const holdbackCents = options.planned?.holdbackCents ?? 0;
  const split = computePayoutSplit({ heldCents: held, refundCents: refund, feeBps, holdbackCents });
  const accountOf: Record<PayoutEntryRole, string> = {
    escrow: escrowAccount(money.operationId),
    seller: sellerAccount(money.sellerId),
    platform_fee: PLATFORM_REVENUE_ACCOUNT,
    buyer_refund: buyerAccount(money.userId),
  };
  const transferId = await insertTransfer(
    tx,
    {
      kind: split.kind,
      operationId: money.operationId,
      orderId,
      memo: options.memo ?? null,
      createdBy: options.actorId,
      tranche: options.tranche ?? 1,
    },
    split.entries.map((entry) => ({ account: accountOf[entry.role], amountCents: entry.amountCents })),
  );
  if (split.grossCents > 0) {
    await writeAudit(tx, {
      actorId: options.actorId,
      action: 'escrow.platform_fee',
      entityType: 'ledger_transfer',
      entityId: transferId,
      data: {
        orderId,
        grossCents: split.grossCents,
        feeBps: split.feeBps,
        feeCents: split.feeCents,
        holdbackCents: split.holdbackCents,
        tranche: options.tranche ?? 1,
      },
    });
  }
  return transferId;
}

/** One order's payout as it would be booked now. */
export interface PayoutPlanLine {
  orderId: string;
  buyerCompany: string;
  split: PayoutSplit;
}

/** What paying out several orders would book, with the fee in force: a preview, or the plan an action books. */
export interface PayoutPlan {
  feeBps: number;
  /** 2: the holdback's payout at the final measurement; 1: every other payout. */
  tranche: 1 | 2;
  lines: PayoutPlanLine[];
}

/**
 * Plans the payout of each given order that holds money: its refund by `refundFor`, split by
 * computePayoutSplit with the current fee, from what the ledger says it holds. Nothing is
 * written; bookPayoutPlan books a plan made in the same transaction, so the two agree. A refund
 * outside 0…held is refused (REFUND_EXCEEDS_HELD, naming the buyer).
 */
export async function planPayouts(
  db: Queryable,
  orders: readonly { id: string; companyName: string }[],
  refundFor: (order: { id: string; heldCents: number }) => number,
  options: {
    /** A settlement's first tranche: the seller's share in basis points, the rest held back (computeHoldbackCents). */
    releaseBps?: number;
    tranche?: 1 | 2;
  } = {},
): Promise<PayoutPlan> {
  const states = await getEscrowStates(
    db,
    orders.map((order) => order.id),
  );
  const { platformFeeBps } = await getPlatformSettings(db);
  const lines: PayoutPlanLine[] = [];
  for (const order of orders) {
    const heldCents = states.get(order.id)?.heldCents ?? 0;
    if (heldCents <= 0) continue;
    const refundCents = refundFor({ id: order.id, heldCents });
    if (!Number.isSafeInteger(refundCents) || refundCents < 0 || refundCents > heldCents) {
      throw new AppError('REFUND_EXCEEDS_HELD', { company: order.companyName });
    }
    const holdbackCents =
      options.releaseBps === undefined || refundCents > 0 ? 0 : computeHoldbackCents(heldCents, options.releaseBps);
    lines.push({
      orderId: order.id,
      buyerCompany: order.companyName,
      split: computePayoutSplit({ heldCents, refundCents, feeBps: platformFeeBps, holdbackCents }),
    });
  }
  return { feeBps: platformFeeBps, tranche: options.tranche ?? 1, lines };
}

/**
 * A plan's fingerprint: the fee and each order's held, refund, fee and net. A confirmation sends
 * back the one it showed; an action whose plan no longer matches it is refused (PAYOUT_CHANGED).
 */
export function payoutPlanDigest(plan: PayoutPlan): string {
  const figures = plan.lines.map(({ orderId, split }) => [
    orderId,
    split.heldCents,
    split.refundCents,
    split.holdbackCents,
    split.feeCents,
    split.netCents,
  ]);
  return createHash('sha256')
    .update(JSON.stringify([plan.feeBps, plan.tranche, figures]))
    .digest('base64url');
}

/** Refuses an action whose plan is not the one the admin confirmed (when they name one). */
export function assertPlanConfirmed(plan: PayoutPlan, previewDigest: string | undefined): void {
  if (previewDigest !== undefined && previewDigest !== payoutPlanDigest(plan)) throw new AppError('PAYOUT_CHANGED');
}

/**
 * Books a plan made in this transaction: one payout transfer per order (payOutOrder), with
 * the plan's fee rate and refusing an order whose held amount moved since it was planned.
 */
export async function bookPayoutPlan(
  tx: AppTransaction,
  plan: PayoutPlan,
  actorId: string | null,
  memo: string,
): Promise<{ releasedCents: number; refundedCents: number; heldBackCents: number }> {
  for (const line of plan.lines) {
    await payOutOrder(tx, line.orderId, {
      refundCents: line.split.refundCents,
      actorId,
      memo,
      planned: line.split,
      tranche: plan.tranche,
    });
  }
  const totals = sumPayoutSplits(plan.lines.map((line) => line.split));
  return { releasedCents: totals.grossCents, refundedCents: totals.refundCents, heldBackCents: totals.holdbackCents };
}
