import { type OperationStatus, formatUsd, localeOf } from '@tradeops/shared';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { operationParticipants, operations } from '../../db/schema';
import { type JobQueue } from '../../jobs/job-queue';
import { getHeldCents, payOutParticipation } from '../escrow/ledger.service';
import { notifyUser, writeAudit } from '../notifications/notify';
import { loadRecipient, operationTitleFor } from '../participations/participations.service';
import { closeWaitlist } from '../waitlist/waitlist-offers.service';

/** Statuses an operation never leaves. */
const FINAL_STATUSES: readonly OperationStatus[] = ['settled', 'rejected', 'expired', 'cancelled'];

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
  endedParticipations: number;
  refundedParticipations: number;
  refundedCents: number;
  closedWaitlistEntries: number;
}

/**
 * Ends an operation for good — expired unfilled at its deadline, or cancelled
 * by an admin — in the caller's transaction: under the operation's row lock,
 * every live order ends (with a reason), every deposit still in escrow goes
 * back to its buyer through the ledger (payOutParticipation: once per
 * participation, enforced by a unique index), the waitlist closes, its tons are
 * no longer allocated, and buyers and seller are told. Idempotent: an operation
 * already in a final status is left alone (returns null).
 */
export async function endOperationWithRefunds(
  tx: AppTransaction,
  operationId: string,
  options: EndOperationOptions,
): Promise<EndOperationResult | null> {
  const now = options.now ?? new Date();
  const [operation] = await tx.select().from(operations).where(eq(operations.id, operationId)).for('update');
  if (!operation || FINAL_STATUSES.includes(operation.status)) return null;

  const reasonCode = options.status === 'expired' ? 'operation_expired' : 'operation_cancelled';
  const ended = await tx
    .update(operationParticipants)
    .set({ status: options.status, endedReason: reasonCode, endedAt: now, updatedAt: now })
    .where(and(eq(operationParticipants.operationId, operationId), eq(operationParticipants.status, 'active')))
    .returning();
  const closed = await closeWaitlist(tx, operationId, now);
  // Offers held tons too (only entries that were 'offered' have offered_tons among the closed ones).
  const releasedTons =
    ended.reduce((sum, row) => sum + row.volume, 0) + closed.reduce((sum, entry) => sum + (entry.offeredTons ?? 0), 0);
  await tx
    .update(operations)
    .set({ status: options.status, allocatedTons: sql`${operations.allocatedTons} - ${releasedTons}`, updatedAt: now })
    .where(eq(operations.id, operationId));

  let refundedParticipations = 0;
  let refundedCents = 0;
  for (const participation of ended) {
    const held = await getHeldCents(tx, participation.id);
    if (held > 0) {
      await payOutParticipation(tx, participation.id, {
        refundCents: held,
        actorId: options.actorId,
        memo: `${reasonCode}: ${options.reason}`,
      });
      refundedParticipations += 1;
      refundedCents += held;
    }
    const recipient = await loadRecipient(tx, participation.userId);
    const figures = {
      operationId,
      operationTitle: operationTitleFor(operation, recipient.language),
      participationId: participation.id,
      tons: participation.volume,
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
    endedParticipations: ended.length,
    refundedParticipations,
    refundedCents,
    closedWaitlistEntries: closed.length,
  };
  await writeAudit(tx, {
    actorId: options.actorId,
    action: `operation.${options.status}`,
    entityType: 'operation',
    entityId: operationId,
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
 */
export async function expireDueOperations(db: AppDatabase, _jobs: JobQueue, now: Date): Promise<number> {
  const due = await db
    .select({ id: operations.id })
    .from(operations)
    .where(and(eq(operations.status, 'active'), lte(operations.deadline, now)))
    .orderBy(asc(operations.deadline))
    .limit(100);
  let expired = 0;
  for (const { id } of due) {
    const result = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ id: operations.id })
        .from(operations)
        .where(and(eq(operations.id, id), eq(operations.status, 'active'), lte(operations.deadline, now)))
        .for('update', { skipLocked: true });
      if (!claimed) return null;
      return endOperationWithRefunds(tx, id, {
        status: 'expired',
        reason: 'deadline_passed',
        actorId: null,
        now,
      });
    });
    if (result) expired += 1;
  }
  return expired;
}
