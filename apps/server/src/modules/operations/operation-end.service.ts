import { canApply, formatUsd, localeOf, writeLedgerMemo } from '@tradeops/shared';
import { and, asc, eq, lte, notExists, or, sql } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { orders, operations, profiles } from '../../db/schema';
import { type JobQueue } from '../../jobs/job-queue';
import { payOutOrder } from '../escrow/escrow.service';
import { getHeldCents } from '../escrow/read-escrow.service';
import { AppError } from '../../errors';
import { screenEscrowParties } from '../compliance/screening.service';
import { loadRecipient, notifyUser } from '../notifications/notify';
import { lockOperation, returnTons, transition } from './operation-aggregate';
import { operationTitleFor } from '@tradeops/shared';
import { closeWaitlist } from '../waitlist/waitlist-invitations.service';

export interface EndOperationOptions {
  status: 'expired' | 'cancelled';
  /** Why (shown to participants, kept in the audit log and the refunds' memo). */
  reason: string;
  /** The admin who cancelled; null for the deadline job. */
  actorId: string | null;
  now?: Date;
}

export interface EndOperationResult {
  operationId: string;
  endedOrders: number;
  refundedOrders: number;
  refundedCents: number;
  closedWaitlistEntries: number;
}

/**
 * Ends an operation for good — expired unfilled at its deadline, or cancelled
 * by an admin — in the caller's transaction: under the operation's row lock,
 * every live order ends (with a reason), every deposit still in escrow goes
 * back to its buyer through the ledger (payOutOrder: once per
 * order, enforced by a unique index), the waitlist closes, its tons are
 * no longer allocated, and buyers and seller are told. Idempotent: an operation
 * already in a final status is left alone (returns null).
 */
export async function endOperationWithRefunds(
  tx: AppTransaction,
  operationId: string,
  options: EndOperationOptions,
): Promise<EndOperationResult | null> {
  const now = options.now ?? new Date();
  const event = options.status === 'expired' ? 'expire' : 'cancel';
  const operation = await lockOperation(tx, operationId);
  // Already ended (or past the point the state table allows it): nothing to do.
  if (!operation || !canApply(operation.status, event)) return null;

  const reasonCode = options.status === 'expired' ? 'operation_expired' : 'operation_cancelled';
  const ended = await tx
    .update(orders)
    .set({ status: options.status, endedReason: reasonCode, endedAt: now, updatedAt: now })
    .where(and(eq(orders.operationId, operationId), eq(orders.status, 'active')))
    .returning();
  const closed = await closeWaitlist(tx, operationId, now);
  // Invitations held tons too (only entries that were 'invited' have invited_tons among the closed ones).
  const releasedTons =
    ended.reduce((sum, row) => sum + row.volume, 0) + closed.reduce((sum, entry) => sum + (entry.invitedTons ?? 0), 0);
  // Its tons are no longer allocated; the status moves below, with the audit row that tells what ended.
  await returnTons(tx, operationId, releasedTons, { actorId: options.actorId, now, reopen: false });

  let refundedOrders = 0;
  let refundedCents = 0;
  for (const order of ended) {
    const held = await getHeldCents(tx, order.id);
    if (held > 0) {
      await payOutOrder(tx, order.id, {
        refundCents: held,
        actorId: options.actorId,
        // The expiry's reason is the code itself; a cancellation keeps the admin's words.
        memo: writeLedgerMemo(reasonCode, options.status === 'cancelled' ? options.reason : null),
      });
      refundedOrders += 1;
      refundedCents += held;
    }
    const recipient = await loadRecipient(tx, order.userId);
    const figures = {
      operationId,
      operationTitle: operationTitleFor(operation, recipient.language),
      orderId: order.id,
      tons: order.volume,
      refundCents: held,
      refund: formatUsd(held, localeOf(recipient.language)),
      reason: options.reason,
    };
    await notifyUser(
      tx,
      recipient,
      { type: `operation.${options.status}`, data: figures },
      {
        subjectKey: `operationEnd.mail.${options.status}Subject`,
        textKey: `operationEnd.mail.${options.status}Text`,
        params: figures,
      },
    );
  }
  const seller = await loadRecipient(tx, operation.sellerId);
  const sellerFigures = {
    operationId,
    operationTitle: operationTitleFor(operation, seller.language),
    orders: ended.length,
    reason: options.reason,
  };
  await notifyUser(
    tx,
    seller,
    { type: `operation.${options.status}_seller`, data: sellerFigures },
    {
      subjectKey: `operationEnd.mail.seller${options.status === 'expired' ? 'Expired' : 'Cancelled'}Subject`,
      textKey: `operationEnd.mail.seller${options.status === 'expired' ? 'Expired' : 'Cancelled'}Text`,
      params: sellerFigures,
    },
  );
  const result: EndOperationResult = {
    operationId,
    endedOrders: ended.length,
    refundedOrders,
    refundedCents,
    closedWaitlistEntries: closed.length,
  };
  await transition(tx, operation, event, {
    actorId: options.actorId,
    now,
    action: `operation.${options.status}`,
    reason: options.reason,
    data: { ...result, previousStatus: operation.status, allocatedTons: operation.allocatedTons },
  });
  return result;
}

/**
 * The deadline sweep: every operation still 'active' (unfilled) when its
 * deadline has passed expires and refunds. Each runs in its own transaction
 * that takes the row with FOR UPDATE SKIP LOCKED and re-checks the condition,
 * so two instances sweeping at once never process one operation twice (and a
 * second run finds nothing).
 *
 * A deal whose seller or a paying buyer is on compliance hold keeps its escrow until an admin decides
 * the case (the refund's gate would refuse it), so the sweep leaves it out: it is neither screened
 * again on every pass (one screening row per party per minute) nor allowed to fill the batch ahead
 * of deals that can expire. It is swept on the first pass after the case is decided.
 */
export async function expireDueOperations(db: AppDatabase, _jobs: JobQueue, now: Date): Promise<number> {
  const heldParty = db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        sql`${profiles.complianceStatus} <> 'clear'`,
        or(
          eq(profiles.id, operations.sellerId),
          sql`${profiles.id} in (select ${orders.userId} from ${orders}
            where ${orders.operationId} = ${operations.id} and ${orders.paymentStatus} = 'confirmed')`,
        ),
      ),
    );
  const due = await db
    .select({ id: operations.id })
    .from(operations)
    .where(and(eq(operations.status, 'active'), lte(operations.deadline, now), notExists(heldParty)))
    .orderBy(asc(operations.deadline))
    .limit(100);
  let expired = 0;
  for (const { id } of due) {
    await screenEscrowParties(db, id, { actorId: null });
    const result = await db
      .transaction(async (tx) => {
        const claimed = await lockOperation(tx, id, {
          skipLocked: true,
          where: and(eq(operations.status, 'active'), lte(operations.deadline, now)),
        });
        if (!claimed) return null;
        return endOperationWithRefunds(tx, id, {
          status: 'expired',
          reason: 'deadline_passed',
          actorId: null,
          now,
        });
      })
      // A party on compliance hold keeps the deal (and its escrow) where it is until an admin decides the case.
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'ESCROW_ON_HOLD') return null;
        throw error;
      });
    if (result) expired += 1;
  }
  return expired;
}
