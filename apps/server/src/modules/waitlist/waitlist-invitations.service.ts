import { WAITLIST_CLAIM_HOURS, HOUR_MS } from '@tradeops/shared';
import { and, asc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { orders, operationWaitlist } from '../../db/schema';
import { JOB_QUEUES, type JobQueue } from '../../jobs/job-queue';
import { writeAudit } from '../audit/audit.service';
import { loadRecipient, notifyUser } from '../notifications/notify';
import { type OperationRow, allocateTons, lockOperation, returnTons } from '../operations/operation-aggregate';
import { operationTitleFor } from '@tradeops/shared';

export interface TonsContext {
  now: Date;
  jobs: JobQueue;
}

/**
 * Gives `tons` held by an order or an invitation back to the operation (its row is
 * locked by the caller, through the operation aggregate): allocated_tons goes
 * down, a full operation (allocated or funded) is open ('active') again, and the
 * buyers next in its waitlist are invited to take the freed tons in the same transaction.
 */
export async function returnTonsToOperation(
  tx: AppTransaction,
  operationId: string,
  tons: number,
  context: TonsContext & { actorId?: string | null },
): Promise<void> {
  const operation = await returnTons(tx, operationId, tons, { actorId: context.actorId ?? null, now: context.now });
  await inviteNextInLine(tx, operation, context);
}

/**
 * Invites the buyers in an open operation's waitlist to take what is free, first
 * come first served: each gets min(free tons in whole lots, the volume they
 * asked for, what their per-participant cap still allows), held for them for
 * WAITLIST_CLAIM_HOURS. Invited tons stay counted in allocated_tons (nobody else
 * can order them), so the invariant reads
 * allocated_tons = Σ live orders' volume + Σ invited_tons of 'invited' entries.
 */
export async function inviteNextInLine(
  tx: AppTransaction,
  operation: OperationRow,
  context: TonsContext,
): Promise<void> {
  if (operation.status !== 'active') return;
  if (operation.deadline && operation.deadline.getTime() <= context.now.getTime()) return;
  let allocated = operation.allocatedTons;
  const step = operation.lotStepTons;
  const skipped: string[] = [];
  for (;;) {
    const free = operation.totalTons - allocated;
    const invitable = free - (free % step);
    if (invitable < step) break;
    const [entry] = await tx
      .select()
      .from(operationWaitlist)
      .where(
        and(
          eq(operationWaitlist.operationId, operation.id),
          eq(operationWaitlist.status, 'waiting'),
          skipped.length > 0 ? notInArray(operationWaitlist.id, skipped) : undefined,
        ),
      )
      .orderBy(asc(operationWaitlist.createdAt), asc(operationWaitlist.id))
      .limit(1)
      .for('update');
    if (!entry) break;
    const capLeft = await remainingCapTons(tx, operation, entry.userId);
    const invited = Math.min(invitable, entry.volume, capLeft - (capLeft % step));
    if (invited < step) {
      // This buyer cannot take a lot now (their cap is used up): they keep their place, the next one is asked.
      skipped.push(entry.id);
      continue;
    }
    const expiresAt = new Date(context.now.getTime() + WAITLIST_CLAIM_HOURS * HOUR_MS);
    await tx
      .update(operationWaitlist)
      .set({
        status: 'invited',
        invitedTons: invited,
        invitedAt: context.now,
        invitationExpiresAt: expiresAt,
        updatedAt: context.now,
      })
      .where(eq(operationWaitlist.id, entry.id));
    allocated += invited;
    // Invited tons are held, not ordered: they never fill the deal (the claim's order does).
    await allocateTons(tx, operation, invited, { actorId: null, now: context.now, fill: false });
    await context.jobs.enqueue(
      tx,
      JOB_QUEUES.expireInvitation,
      { entryId: entry.id },
      { startAfter: expiresAt, singletonKey: entry.id },
    );
    const recipient = await loadRecipient(tx, entry.userId);
    const operationTitle = operationTitleFor(operation, recipient.language);
    const figures = { operationId: operation.id, operationTitle, tons: invited, expiresAt: expiresAt.toISOString() };
    await notifyUser(
      tx,
      recipient,
      { type: 'waitlist.invited', data: figures },
      {
        subjectKey: 'waitlist.mail.invitedSubject',
        textKey: 'waitlist.mail.invitedText',
        params: { ...figures, hours: WAITLIST_CLAIM_HOURS },
      },
    );
    await writeAudit(tx, {
      actorId: null,
      action: 'waitlist.invited',
      entityType: 'operation_waitlist',
      entityId: entry.id,
      data: {
        operationId: operation.id,
        userId: entry.userId,
        invitedTons: invited,
        invitationExpiresAt: expiresAt.toISOString(),
      },
    });
  }
}

/** What the per-participant cap still lets a buyer take in an operation (their live orders count). */
async function remainingCapTons(tx: AppTransaction, operation: OperationRow, userId: string): Promise<number> {
  if (operation.maxPerParticipantTons === null) return operation.totalTons;
  const [row] = await tx
    .select({ tons: sql<number>`coalesce(sum(${orders.volume}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.operationId, operation.id), eq(orders.userId, userId), eq(orders.status, 'active')));
  return Math.max(0, operation.maxPerParticipantTons - Number(row?.tons ?? 0));
}

/**
 * Ends an invitation nobody claimed in time: 'passed', its tons go to the next
 * in line or are freed. Idempotent: a second run (the delayed job and the sweep, or
 * two instances) finds no 'invited' entry past its expiry and does nothing.
 */
export async function expireInvitation(db: AppDatabase, jobs: JobQueue, entryId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ operationId: operationWaitlist.operationId })
      .from(operationWaitlist)
      .where(eq(operationWaitlist.id, entryId));
    if (!target) return false;
    const operation = await lockOperation(tx, target.operationId);
    const [passed] = await tx
      .update(operationWaitlist)
      .set({ status: 'passed', updatedAt: now })
      .where(
        and(
          eq(operationWaitlist.id, entryId),
          eq(operationWaitlist.status, 'invited'),
          lte(operationWaitlist.invitationExpiresAt, now),
        ),
      )
      .returning();
    if (!passed) return false;
    await writeAudit(tx, {
      actorId: null,
      action: 'waitlist.invitation_expired',
      entityType: 'operation_waitlist',
      entityId: passed.id,
      data: { operationId: passed.operationId, userId: passed.userId, invitedTons: passed.invitedTons },
    });
    if (operation) {
      const recipient = await loadRecipient(tx, passed.userId);
      const figures = {
        operationId: passed.operationId,
        operationTitle: operationTitleFor(operation, recipient.language),
        tons: passed.invitedTons ?? 0,
      };
      await notifyUser(
        tx,
        recipient,
        { type: 'waitlist.invitation_expired', data: figures },
        {
          subjectKey: 'waitlist.mail.invitationExpiredSubject',
          textKey: 'waitlist.mail.invitationExpiredText',
          params: figures,
        },
      );
    }
    await returnTonsToOperation(tx, passed.operationId, passed.invitedTons ?? 0, { now, jobs });
    return true;
  });
}

/** The sweep behind the delayed jobs: every invitation past its expiry, each in its own short transaction. */
export async function expireDueInvitations(db: AppDatabase, jobs: JobQueue, now: Date): Promise<number> {
  const due = await db
    .select({ id: operationWaitlist.id })
    .from(operationWaitlist)
    .where(and(eq(operationWaitlist.status, 'invited'), lte(operationWaitlist.invitationExpiresAt, now)))
    .orderBy(asc(operationWaitlist.invitationExpiresAt))
    .limit(200);
  let expired = 0;
  for (const entry of due) if (await expireInvitation(db, jobs, entry.id, now)) expired += 1;
  return expired;
}

/** Closes an operation's line when the operation ends: nobody waits for tons that will never come. */
export async function closeWaitlist(tx: AppTransaction, operationId: string, now: Date) {
  return tx
    .update(operationWaitlist)
    .set({ status: 'left', updatedAt: now })
    .where(
      and(eq(operationWaitlist.operationId, operationId), inArray(operationWaitlist.status, ['waiting', 'invited'])),
    )
    .returning();
}
