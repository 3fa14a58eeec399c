import { type OutboxEmail, type Page, type PageQuery } from '@tradeops/shared';
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { type FastifyBaseLogger } from 'fastify';
import { type AppDatabase } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { AppError } from '../../errors';
import { JOB_QUEUES, type JobQueue, enqueueResend } from '../../jobs/job-queue';
import { type Mailer, type MailRetryPolicy } from '../../plugins/mailer';
import { writeAudit } from '../audit/audit.service';
import { renderMail } from './mail-render';

/** Mails one worker pass claims at most (the pooled transport sends them a few at a time). */
const CLAIM_BATCH = 20;

export interface MailDelivery {
  db: AppDatabase;
  /** null without SMTP_URL: nothing is sent, rows stay pending. */
  mailer: Mailer | null;
  jobs: JobQueue;
  publicUrl: string;
  log: FastifyBaseLogger;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/** The wait after the `attempts`-th failed try: doubling from the first delay, capped. */
export function retryDelayMs(policy: MailRetryPolicy, attempts: number): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due mails for this instance: pending ones whose time has come, and claimed ones whose
 * claim ran out (their worker died). One UPDATE over rows locked with SKIP LOCKED, so two
 * instances never claim one row; the claim moves `next_attempt_at` past now, so nobody takes
 * it again until it is sent, rescheduled or the claim expires. Each claim counts as a try.
 */
async function claimDueMails(db: AppDatabase, policy: MailRetryPolicy, onlyId?: string) {
  // The database's clock, as for the rows' defaults and pg-boss's start times (an app host's clock may differ).
  const due = and(inArray(emailOutbox.status, ['pending', 'sending']), lte(emailOutbox.nextAttemptAt, sql`now()`));
  // A claim that ran out on its last try is given up, not tried a ninth time.
  await db
    .update(emailOutbox)
    .set({ status: 'failed', lastError: sql`coalesce(${emailOutbox.lastError}, 'the sending worker stopped')` })
    .where(and(due, eq(emailOutbox.status, 'sending'), sql`${emailOutbox.attempts} >= ${policy.maxAttempts}`));
  const ids = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(due, onlyId ? eq(emailOutbox.id, onlyId) : undefined))
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(CLAIM_BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${policy.claimMs / 1000})`,
    })
    .where(inArray(emailOutbox.id, ids))
    .returning();
}

function describeError(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const message = error instanceof Error ? error.message : String(error);
  const prefix = [code, responseCode].filter((part) => part !== undefined).join(' ');
  return (prefix ? `${prefix}: ${message}` : message).slice(0, 500);
}

async function sendClaimed(delivery: MailDelivery, mailer: Mailer, row: OutboxRow): Promise<void> {
  const { db, log } = delivery;
  try {
    await mailer.send({ to: row.to, ...renderMail(row, delivery.publicUrl) });
  } catch (error) {
    const lastError = describeError(error);
    const isLastTry = row.attempts >= mailer.retry.maxAttempts;
    const nextAttemptAt = new Date(Date.now() + retryDelayMs(mailer.retry, row.attempts));
    // The id, not the address: the error itself may quote the recipient.
    log.warn({ outboxId: row.id, attempts: row.attempts, isLastTry }, `e-mail not sent: ${lastError}`);
    await db
      .update(emailOutbox)
      .set(isLastTry ? { status: 'failed', lastError } : { status: 'pending', lastError, nextAttemptAt })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending')));
    // Its own delayed job, so the retry comes on time and not at the next sweep.
    if (!isLastTry) {
      await delivery.jobs.trigger(
        JOB_QUEUES.deliverMail,
        { id: row.id },
        { startAfter: nextAttemptAt, singletonKey: `${row.id}:${row.attempts}` },
      );
    }
    return;
  }
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending')));
}

/**
 * Sends the due mails of the outbox (or only `onlyId`), each claimed first; returns how many
 * this instance claimed. Without SMTP it does nothing: the mails wait, readable by admins.
 */
export async function deliverDueMails(delivery: MailDelivery, onlyId?: string): Promise<number> {
  const { mailer } = delivery;
  if (!mailer) return 0;
  const claimed = await claimDueMails(delivery.db, mailer.retry, onlyId);
  await Promise.all(claimed.map((row) => sendClaimed(delivery, mailer, row)));
  return claimed.length;
}

function toOutboxEmail(row: OutboxRow, publicUrl: string): OutboxEmail {
  return {
    id: row.id,
    to: row.to,
    kind: row.kind,
    subject: row.subject,
    text: renderMail(row, publicUrl).text,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

const OUTBOX_KEYSET: Keyset = { at: emailOutbox.createdAt, id: emailOutbox.id, order: 'desc', idIsUuid: true };

/** The outbox for admins, newest first, a page at a time, as the mails are sent (the reset links when no SMTP is set). */
export async function listOutbox(db: AppDatabase, publicUrl: string, page: PageQuery): Promise<Page<OutboxEmail>> {
  const [rows, [all]] = await Promise.all([
    db
      .select({ cursorAt: cursorAtOf(OUTBOX_KEYSET), row: emailOutbox })
      .from(emailOutbox)
      .where(afterCursor(OUTBOX_KEYSET, page.cursor))
      .orderBy(...keysetOrder(OUTBOX_KEYSET))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(emailOutbox),
  ]);
  return toPage(
    rows,
    page,
    ({ cursorAt, row }) => ({ at: cursorAt, id: row.id }),
    all?.n ?? 0,
    (kept) => kept.map(({ row }) => toOutboxEmail(row, publicUrl)),
  );
}

/**
 * An admin sends a failed (or already sent) mail again: back to pending with its tries reset, a
 * job queued for it, and an audit row, all in one transaction. A mail on its way is left alone.
 */
export async function resendMail(
  db: AppDatabase,
  jobs: JobQueue,
  publicUrl: string,
  input: { id: string; actorId: string },
): Promise<OutboxEmail> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, input.id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.status !== 'failed' && before.status !== 'sent') throw new AppError('CONFLICT');
    const [row] = await tx
      .update(emailOutbox)
      .set({ status: 'pending', attempts: 0, lastError: null, sentAt: null, nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.id, input.id))
      .returning();
    await writeAudit(tx, {
      actorId: input.actorId,
      action: 'outbox.resent',
      entityType: 'email_outbox',
      entityId: input.id,
      data: { previousStatus: before.status, attempts: before.attempts, lastError: before.lastError },
    });
    await enqueueResend(tx, jobs, JOB_QUEUES.deliverMail, input.id);
    return toOutboxEmail(row!, publicUrl);
  });
}
