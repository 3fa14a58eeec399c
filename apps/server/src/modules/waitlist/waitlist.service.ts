import {
  type JoinWaitlistRequest,
  type MyWaitlistResponse,
  type WaitlistEntry,
  isSoldOut,
  minOrderTons,
  remainingCapTons,
} from '@tradeops/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import { getPgErrorCode } from '../../db/errors';
import { operationWaitlist, operations } from '../../db/schema';
import { AppError } from '../../errors';
import { type JobQueue } from '../../jobs/job-queue';
import { writeAudit } from '../audit/audit.service';
import { getHeldByBuyerTons, limitsOf } from '../orders/buyer-limits';
import { assertNotOwnOperation } from '../orders/orders.service';
import { isFullStatus, lockOperation } from '../operations/operation-aggregate';
import { returnTonsToOperation } from './waitlist-invitations.service';

type OperationRow = typeof operations.$inferSelect;
type WaitlistRow = typeof operationWaitlist.$inferSelect;
const LIVE_STATUSES = ['waiting', 'invited'] as const;

/** Full: not one whole lot is left to order (tons held by invitations count as taken), or the deal is allocated (or funded). */
export function isOperationFull(operation: OperationRow): boolean {
  return isFullStatus(operation.status) || isSoldOut(limitsOf(operation, 0));
}

/** Whether buyers can queue for tons: approved, not ended, deadline ahead. */
function isOpenForWaitlist(operation: OperationRow, now: Date): boolean {
  if (operation.reviewStatus !== 'approved') return false;
  if (operation.status !== 'active' && !isFullStatus(operation.status)) return false;
  return !operation.deadline || operation.deadline.getTime() > now.getTime();
}

/** The volumes a buyer may queue for: an order's minimum when nothing is left, up to their cap within the deal. */
function waitlistVolumeRange(operation: OperationRow, heldTons: number): { minimum: number; maximum: number } {
  const step = operation.lotStepTons;
  const minimum = minOrderTons(limitsOf(operation, heldTons));
  const cap = Math.min(operation.totalTons, remainingCapTons(limitsOf(operation, heldTons)));
  return { minimum, maximum: cap - (cap % step) };
}

function checkWaitlistVolume(operation: OperationRow, volume: number, heldTons: number): AppError | null {
  const step = operation.lotStepTons;
  const { minimum, maximum } = waitlistVolumeRange(operation, heldTons);
  if (maximum < minimum) return new AppError('PARTICIPANT_CAP_REACHED', { cap: operation.maxPerParticipantTons ?? 0 });
  if (volume % step !== 0) return new AppError('VOLUME_NOT_STEP', { step });
  if (volume < minimum) return new AppError('VOLUME_BELOW_MIN', { min: minimum });
  if (volume > maximum) return new AppError('VOLUME_ABOVE_MAX', { max: maximum });
  return null;
}

/**
 * A buyer joins a full operation's waitlist for `volume` tons. Under the
 * operation's row lock, so "full" is judged on the figures orders change; one
 * live place per buyer and operation (a partial unique index backs it).
 */
export async function joinWaitlist(
  db: AppDatabase,
  userId: string,
  operationId: string,
  request: JoinWaitlistRequest,
  now: Date = new Date(),
): Promise<WaitlistEntry> {
  try {
    const entry = await db.transaction(async (tx) => {
      const operation = await lockOperation(tx, operationId);
      if (!operation || operation.reviewStatus !== 'approved') throw new AppError('OPERATION_NOT_FOUND');
      assertNotOwnOperation(operation, userId);
      if (!isOpenForWaitlist(operation, now)) throw new AppError('ORDER_CLOSED');
      if (!isOperationFull(operation)) throw new AppError('WAITLIST_NOT_FULL');
      const [live] = await tx
        .select({ id: operationWaitlist.id })
        .from(operationWaitlist)
        .where(
          and(
            eq(operationWaitlist.operationId, operationId),
            eq(operationWaitlist.userId, userId),
            inArray(operationWaitlist.status, LIVE_STATUSES),
          ),
        );
      if (live) throw new AppError('WAITLIST_ALREADY_JOINED');
      const problem = checkWaitlistVolume(operation, request.volume, await getHeldByBuyerTons(tx, operationId, userId));
      if (problem) throw problem;
      const [row] = await tx
        .insert(operationWaitlist)
        .values({ operationId, userId, volume: request.volume, createdAt: now, updatedAt: now })
        .returning();
      await writeAudit(tx, {
        actorId: userId,
        action: 'waitlist.joined',
        entityType: 'operation_waitlist',
        entityId: row!.id,
        data: { operationId, volume: request.volume },
      });
      return row!;
    });
    return toWaitlistEntry(entry, await positionOf(db, entry));
  } catch (error) {
    if (getPgErrorCode(error) === '23505') throw new AppError('WAITLIST_ALREADY_JOINED', {}, { cause: error });
    throw error;
  }
}

/** A buyer leaves the line; tons they were invited to take (if any) go to the next in line. */
export async function leaveWaitlist(
  db: AppDatabase,
  jobs: JobQueue,
  userId: string,
  operationId: string,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOperation(tx, operationId);
    const [left] = await tx
      .update(operationWaitlist)
      .set({ status: 'left', updatedAt: now })
      .where(
        and(
          eq(operationWaitlist.operationId, operationId),
          eq(operationWaitlist.userId, userId),
          inArray(operationWaitlist.status, LIVE_STATUSES),
        ),
      )
      .returning({ id: operationWaitlist.id, invitedTons: operationWaitlist.invitedTons });
    if (!left) throw new AppError('WAITLIST_NOT_JOINED');
    await writeAudit(tx, {
      actorId: userId,
      action: 'waitlist.left',
      entityType: 'operation_waitlist',
      entityId: left.id,
      data: { operationId, invitedTons: left.invitedTons },
    });
    // Only an 'invited' entry held tons (a 'waiting' one never has invited_tons).
    if (left.invitedTons) await returnTonsToOperation(tx, operationId, left.invitedTons, { now, jobs });
  });
}

/** 1-based place among the buyers still waiting (an invited entry is served already: null). */
async function positionOf(db: Queryable, entry: WaitlistRow): Promise<number | null> {
  if (entry.status !== 'waiting') return null;
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(operationWaitlist)
    .where(
      and(
        eq(operationWaitlist.operationId, entry.operationId),
        eq(operationWaitlist.status, 'waiting'),
        sql`(${operationWaitlist.createdAt}, ${operationWaitlist.id}) < (${entry.createdAt}, ${entry.id})`,
      ),
    );
  return Number(row?.ahead ?? 0) + 1;
}

export function toWaitlistEntry(row: WaitlistRow, position: number | null): WaitlistEntry {
  return {
    id: row.id,
    operationId: row.operationId,
    volume: row.volume,
    status: row.status,
    position,
    invitedTons: row.invitedTons,
    invitationExpiresAt: row.invitationExpiresAt?.toISOString() ?? null,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's live place in line (or their latest entry, to show a passed invitation or a claim), and the line's length. */
export async function getMyWaitlistEntry(
  db: AppDatabase,
  userId: string,
  operationId: string,
): Promise<MyWaitlistResponse> {
  const [operation] = await db.select().from(operations).where(eq(operations.id, operationId));
  if (!operation || operation.reviewStatus !== 'approved') throw new AppError('OPERATION_NOT_FOUND');
  const [latest] = await db
    .select()
    .from(operationWaitlist)
    .where(and(eq(operationWaitlist.operationId, operationId), eq(operationWaitlist.userId, userId)))
    .orderBy(
      sql`case when ${operationWaitlist.status} in ('waiting', 'invited') then 0 else 1 end`,
      desc(operationWaitlist.updatedAt),
    )
    .limit(1);
  const [line] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(operationWaitlist)
    .where(and(eq(operationWaitlist.operationId, operationId), inArray(operationWaitlist.status, LIVE_STATUSES)));
  const range = waitlistVolumeRange(operation, await getHeldByBuyerTons(db, operationId, userId));
  return {
    entry: latest ? toWaitlistEntry(latest, await positionOf(db, latest)) : null,
    lineLength: Number(line?.count ?? 0),
    isFull: isOpenForWaitlist(operation, new Date()) && isOperationFull(operation),
    lotStepTons: operation.lotStepTons,
    minVolumeTons: range.minimum,
    maxVolumeTons: range.maximum,
  };
}
