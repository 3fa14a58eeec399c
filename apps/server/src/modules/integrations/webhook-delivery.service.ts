import http from 'node:http';
import https from 'node:https';
import { type LookupFunction } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER } from '@tradeops/shared';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type AppDatabase } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { JOB_QUEUES, type JobQueue } from '../../jobs/job-queue';
import { type HostResolver, type ResolvedAddress, resolvePublicAddresses } from './public-address';
import { decryptWebhookSecret, signWebhookBody } from './webhook-signature';

export interface WebhookRetryPolicy {
  /** Tries before a delivery is given up (`failed`; the company can resend it). */
  maxAttempts: number;
  /** The wait after the first failed try; each next one doubles, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed delivery is this instance's before another may take it over. */
  claimMs: number;
  /** How long a receiver has to answer. */
  timeoutMs: number;
}

/** 8 tries over about half an hour: 15 s, 30 s, 1, 2, 4, 8, 16 min between them. */
export const WEBHOOK_RETRY: WebhookRetryPolicy = {
  maxAttempts: 8,
  firstDelayMs: 15_000,
  maxDelayMs: 60 * 60_000,
  claimMs: 60_000,
  timeoutMs: 10_000,
};

/** Deliveries one worker pass claims at most. */
const CLAIM_BATCH = 20;
/** How much of a receiver's answer is read (and dropped): enough to finish the exchange. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface WebhookDeliverer {
  db: AppDatabase;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  sessionSecret: string;
  allowInternalAddresses: boolean;
  resolveHost: HostResolver;
  retry: WebhookRetryPolicy;
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export function webhookRetryDelayMs(policy: WebhookRetryPolicy, attempts: number): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** Claims due deliveries with one UPDATE over rows locked SKIP LOCKED (as the mail outbox does); each claim is a try. */
async function claimDueDeliveries(db: AppDatabase, policy: WebhookRetryPolicy, onlyId?: string) {
  const due = and(
    inArray(webhookDeliveries.status, ['pending', 'sending']),
    lte(webhookDeliveries.nextAttemptAt, sql`now()`),
  );
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: sql`coalesce(${webhookDeliveries.lastError}, 'the sending worker stopped')` })
    .where(
      and(due, eq(webhookDeliveries.status, 'sending'), sql`${webhookDeliveries.attempts} >= ${policy.maxAttempts}`),
    );
  const ids = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(due, onlyId ? eq(webhookDeliveries.id, onlyId) : undefined))
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(CLAIM_BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({
      status: 'sending',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${policy.claimMs / 1000})`,
    })
    .where(inArray(webhookDeliveries.id, ids))
    .returning();
}

/** A lookup that answers only with the addresses already checked: the connection goes where the check looked. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

interface ReceiverAnswer {
  statusCode: number;
}

/** POSTs the body to the URL, connecting only to the given addresses; no redirect is followed. */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  addresses: ResolvedAddress[],
  timeoutMs: number,
) {
  return new Promise<ReceiverAnswer>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(addresses),
        timeout: timeoutMs,
        agent: false,
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) response.destroy();
        });
        response.on('close', () => resolve({ statusCode: response.statusCode ?? 0 }));
        response.on('error', () => resolve({ statusCode: response.statusCode ?? 0 }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}

function describeError(error: unknown): string {
  const { code } = (error ?? {}) as { code?: unknown };
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 500);
}

async function sendClaimed(deliverer: WebhookDeliverer, row: DeliveryRow): Promise<void> {
  const { db, retry } = deliverer;
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.endpointId));
  let outcome: { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };
  if (!endpoint || endpoint.deletedAt) {
    outcome = { ok: false, statusCode: null, error: 'the endpoint was deleted' };
  } else {
    try {
      const url = new URL(endpoint.url);
      // Resolved again for every try, and the connection pinned to what was checked (DNS rebinding).
      const addresses = await resolvePublicAddresses(url.hostname, {
        allowInternal: deliverer.allowInternalAddresses,
        resolve: deliverer.resolveHost,
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = signWebhookBody(
        decryptWebhookSecret(endpoint.secretEncrypted, deliverer.sessionSecret),
        row.payload,
        timestamp,
      );
      const answer = await post(
        url,
        row.payload,
        {
          [WEBHOOK_SIGNATURE_HEADER]: signature,
          'TradeOps-Event-Id': row.eventId,
          'TradeOps-Event-Type': row.eventType,
          'TradeOps-Delivery-Id': row.id,
          'user-agent': 'TradeOps-Webhooks/1',
        },
        addresses,
        retry.timeoutMs,
      );
      outcome =
        answer.statusCode >= 200 && answer.statusCode < 300
          ? { ok: true, statusCode: answer.statusCode }
          : { ok: false, statusCode: answer.statusCode, error: `the receiver answered ${answer.statusCode}` };
    } catch (error) {
      outcome = { ok: false, statusCode: null, error: describeError(error) };
    }
  }

  if (outcome.ok) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'succeeded', deliveredAt: sql`now()`, lastStatusCode: outcome.statusCode, lastError: null })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, 'sending')));
    return;
  }
  const isGone = !endpoint || endpoint.deletedAt !== null;
  const isLastTry = isGone || row.attempts >= retry.maxAttempts;
  const nextAttemptAt = new Date(Date.now() + webhookRetryDelayMs(retry, row.attempts));
  deliverer.log.warn(
    { webhookDeliveryId: row.id, attempts: row.attempts, isLastTry },
    `webhook not delivered: ${outcome.error}`,
  );
  await db
    .update(webhookDeliveries)
    .set({
      status: isLastTry ? 'failed' : 'pending',
      lastError: outcome.error,
      lastStatusCode: outcome.statusCode,
      ...(isLastTry ? {} : { nextAttemptAt }),
    })
    .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, 'sending')));
  // Its own delayed job, so the retry comes on time and not at the next minute's sweep.
  if (!isLastTry) {
    await deliverer.jobs.trigger(
      JOB_QUEUES.deliverWebhook,
      { id: row.id },
      { startAfter: nextAttemptAt, singletonKey: `${row.id}:${row.attempts}` },
    );
  }
}

/** Sends the due webhook deliveries (or only `onlyId`), each claimed first; returns how many this instance claimed. */
export async function deliverDueWebhooks(deliverer: WebhookDeliverer, onlyId?: string): Promise<number> {
  const claimed = await claimDueDeliveries(deliverer.db, deliverer.retry, onlyId);
  await Promise.all(claimed.map((row) => sendClaimed(deliverer, row)));
  return claimed.length;
}
