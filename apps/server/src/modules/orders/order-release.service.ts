import {
  type OrderEndReason,
  REJECTED_PROOF_GRACE_HOURS,
  HOUR_MS,
  UNPAID_PAYMENT_STATUSES,
  operationTitleFor,
} from '@tradeops/shared';
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError } from '../../errors';
import { type JobQueue } from '../../jobs/job-queue';
import { writeAudit } from '../audit/audit.service';
import { loadRecipient, notifyUser } from '../notifications/notify';
import { lockOperation } from '../operations/operation-aggregate';
import { type TonsContext, returnTonsToOperation } from '../waitlist/waitlist-invitations.service';

type OrderRow = typeof orders.$inferSelect;
export type ReleaseReason = Extract<OrderEndReason, 'hold_expired' | 'cancelled_by_buyer'>;

/** Whether an order's hold is over at `now`: past expires_at, and a rejected proof had its grace period. */
function isHoldOver(now: Date) {
  return and(
    lte(orders.expiresAt, now),
    or(
      eq(orders.paymentStatus, 'pending'),
      isNull(orders.paymentReviewedAt),
      lte(orders.paymentReviewedAt, new Date(now.getTime() - REJECTED_PROOF_GRACE_HOURS * HOUR_MS)),
    ),
  );
}

/**
 * Ends an unpaid order and gives its tons back — the one path for an expired
 * hold and a buyer's cancel. Under the operation's row lock, one conditional
 * UPDATE (`status = 'active' and payment_status in ('pending','rejected')`, and
 * for an expiry: the hold is over) decides; a second call, from a retried job or
 * another instance, matches nothing and changes nothing. Returns the ended row,
 * or null when there was nothing (left) to end.
 */
export async function releaseOrder(
  tx: AppTransaction,
  orderId: string,
  reason: ReleaseReason,
  context: TonsContext & { actorId: string | null },
): Promise<OrderRow | null> {
  const [target] = await tx.select({ operationId: orders.operationId }).from(orders).where(eq(orders.id, orderId));
  if (!target) return null;
  const operation = await lockOperation(tx, target.operationId);
  if (!operation) return null;
  const isExpiry = reason === 'hold_expired';
  const [ended] = await tx
    .update(orders)
    .set({
      status: isExpiry ? 'expired' : 'cancelled',
      endedReason: reason,
      endedAt: context.now,
      updatedAt: context.now,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'active'),
        inArray(orders.paymentStatus, UNPAID_PAYMENT_STATUSES),
        isExpiry ? isHoldOver(context.now) : undefined,
      ),
    )
    .returning();
  if (!ended) return null;

  await writeAudit(tx, {
    actorId: context.actorId,
    action: isExpiry ? 'order.expired' : 'order.cancelled',
    entityType: 'operation_participant',
    entityId: ended.id,
    reason,
    data: {
      operationId: ended.operationId,
      userId: ended.userId,
      volume: ended.volume,
      paymentStatus: ended.paymentStatus,
    },
  });
  const recipient = await loadRecipient(tx, ended.userId);
  const figures = {
    operationId: ended.operationId,
    operationTitle: operationTitleFor(operation, recipient.language),
    orderId: ended.id,
    tons: ended.volume,
  };
  const type = isExpiry ? 'order.expired' : 'order.cancelled';
  const mailKey = isExpiry ? 'expired' : 'cancelled';
  await notifyUser(
    tx,
    recipient,
    { type, data: figures },
    {
      subjectKey: `orders.mail.${mailKey}Subject`,
      textKey: `orders.mail.${mailKey}Text`,
      params: figures,
    },
  );
  await returnTonsToOperation(tx, ended.operationId, ended.volume, context);
  return ended;
}

/** A buyer cancels their own unpaid order (no proof, or a rejected one): its tons are freed at once. */
export async function cancelOrder(
  db: AppDatabase,
  jobs: JobQueue,
  userId: string,
  orderId: string,
  now: Date = new Date(),
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    // Someone else's order is as absent as a missing one.
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND');
    const ended = await releaseOrder(tx, orderId, 'cancelled_by_buyer', { now, jobs, actorId: userId });
    if (!ended) throw new AppError('ORDER_NOT_CANCELLABLE');
    return ended;
  });
}

/**
 * The hold sweep (every minute, on whichever instance's worker takes the
 * job): every unpaid order whose hold is over expires, each in its own short
 * transaction. Candidates are read without a lock; releaseOrder then
 * takes the operation's lock and decides with its conditional UPDATE, so two
 * sweeps meeting on one order expire it once (locking the order row first
 * would invert the operation → order lock order that buyers' requests use).
 */
export async function expireDueOrders(db: AppDatabase, jobs: JobQueue, now: Date): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'active'), inArray(orders.paymentStatus, UNPAID_PAYMENT_STATUSES), isHoldOver(now)))
    .orderBy(asc(orders.expiresAt))
    .limit(500);
  let expired = 0;
  for (const { id } of due) {
    const ended = await db.transaction((tx) => releaseOrder(tx, id, 'hold_expired', { now, jobs, actorId: null }));
    if (ended) expired += 1;
  }
  return expired;
}
