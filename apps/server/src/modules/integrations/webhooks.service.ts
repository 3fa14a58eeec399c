import { randomUUID } from 'node:crypto';
import {
  API_VERSIONS,
  type ApiVersion,
  CURRENT_API_VERSION,
  type CreateWebhookRequest,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookEventType,
} from '@tradeops/shared';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AppError } from '../../errors';
import { JOB_QUEUES, type JobQueue, enqueueResend } from '../../jobs/job-queue';
import { renderInVersion } from '../../plugins/api-version/api-version';
import { writeAudit } from '../audit/audit.service';
import { type HostResolver, NonPublicAddressError, resolvePublicAddresses } from './public-address';
import { encryptWebhookSecret, generateWebhookSecret } from './webhook-signature';

/** What saving an endpoint needs to know beyond the request. */
export interface WebhookSettings {
  sessionSecret: string;
  /** WEBHOOK_PRIVATE_ADDRESSES=allow (development and tests only). */
  allowInternalAddresses: boolean;
  resolveHost: HostResolver;
}

/** The deliveries a log shows (the newest; older ones stay in the table for the record). */
const DELIVERY_LOG_LENGTH = 50;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    apiVersion: row.apiVersion,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
  };
}

/**
 * A company's new endpoint: its URL must resolve to public addresses only (outside development),
 * at most MAX_WEBHOOK_ENDPOINTS per company; the signing secret is returned this once, kept
 * encrypted. Audited.
 */
export async function createWebhookEndpoint(
  db: AppDatabase,
  settings: WebhookSettings,
  input: { userId: string; request: Required<CreateWebhookRequest> },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = new URL(input.request.url);
  try {
    await resolvePublicAddresses(url.hostname, {
      allowInternal: settings.allowInternalAddresses,
      resolve: settings.resolveHost,
    });
  } catch (error) {
    if (error instanceof NonPublicAddressError) throw new AppError('WEBHOOK_URL_NOT_PUBLIC');
    throw error;
  }
  const secret = generateWebhookSecret();
  const events = [...new Set(input.request.events)].sort(
    (a, b) => WEBHOOK_EVENT_TYPES.indexOf(a) - WEBHOOK_EVENT_TYPES.indexOf(b),
  );
  const row = await db.transaction(async (tx) => {
    // The company's endpoints, counted under a lock on their rows: two saves at once cannot both pass.
    await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, input.userId), isNull(webhookEndpoints.deletedAt)))
      .for('update');
    const [existing] = await tx
      .select({ total: count() })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, input.userId), isNull(webhookEndpoints.deletedAt)));
    if ((existing?.total ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('INTEGRATION_LIMIT_REACHED');
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        userId: input.userId,
        url: url.toString(),
        events,
        secretEncrypted: encryptWebhookSecret(secret, settings.sessionSecret),
        apiVersion: CURRENT_API_VERSION,
      })
      .returning();
    await writeAudit(tx, {
      actorId: input.userId,
      action: 'webhook.created',
      entityType: 'webhook_endpoint',
      entityId: created!.id,
      data: { url: created!.url, events },
    });
    return created!;
  });
  return { endpoint: toEndpoint(row), secret };
}

export async function listWebhookEndpoints(db: AppDatabase, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(webhookEndpoints.createdAt);
  return rows.map(toEndpoint);
}

async function ownEndpoint(
  db: AppDatabase | AppTransaction,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<EndpointRow> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId), isNull(webhookEndpoints.deletedAt)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Moves an endpoint to another API version (decision 026): the events written from then on are sent in
 * its keys; deliveries already written keep their body (a resend sends what was signed first). Audited
 * when it changes something.
 */
export async function setWebhookEndpointVersion(
  db: AppDatabase,
  input: { userId: string; id: string; apiVersion: ApiVersion },
): Promise<WebhookEndpoint> {
  return db.transaction(async (tx) => {
    const before = await ownEndpoint(tx, input.userId, input.id, { lock: true });
    if (before.apiVersion === input.apiVersion) return toEndpoint(before);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ apiVersion: input.apiVersion })
      .where(eq(webhookEndpoints.id, input.id))
      .returning();
    await writeAudit(tx, {
      actorId: input.userId,
      action: 'webhook.version_changed',
      entityType: 'webhook_endpoint',
      entityId: input.id,
      data: { url: before.url, from: before.apiVersion, to: input.apiVersion },
    });
    return toEndpoint(row!);
  });
}

/** Deletes an endpoint: nothing more is sent to it (deliveries still waiting are given up). Audited. */
export async function deleteWebhookEndpoint(db: AppDatabase, input: { userId: string; id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await ownEndpoint(tx, input.userId, input.id);
    await tx
      .update(webhookEndpoints)
      .set({ deletedAt: sql`now()` })
      .where(eq(webhookEndpoints.id, input.id));
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'the endpoint was deleted' })
      .where(
        and(eq(webhookDeliveries.endpointId, input.id), inArray(webhookDeliveries.status, ['pending', 'sending'])),
      );
    await writeAudit(tx, {
      actorId: input.userId,
      action: 'webhook.deleted',
      entityType: 'webhook_endpoint',
      entityId: input.id,
      data: {},
    });
  });
}

/** The newest deliveries to one of the company's endpoints. */
export async function listWebhookDeliveries(
  db: AppDatabase,
  input: { userId: string; endpointId: string },
): Promise<WebhookDelivery[]> {
  await ownEndpoint(db, input.userId, input.endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, input.endpointId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(DELIVERY_LOG_LENGTH);
  return rows.map(toDelivery);
}

/**
 * The company sends a delivery again (one that succeeded or was given up): the same event and
 * body, signed anew when sent, its tries counted from zero. Audited; a delivery on its way is left alone.
 */
export async function resendWebhookDelivery(
  db: AppDatabase,
  jobs: JobQueue,
  input: { userId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ delivery: webhookDeliveries })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.id, input.deliveryId),
          eq(webhookEndpoints.userId, input.userId),
          isNull(webhookEndpoints.deletedAt),
        ),
      )
      .for('update', { of: webhookDeliveries });
    if (!found) throw new AppError('NOT_FOUND');
    const before = found.delivery;
    if (before.status !== 'failed' && before.status !== 'succeeded') throw new AppError('CONFLICT');
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, lastError: null, deliveredAt: null, nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, before.id))
      .returning();
    await writeAudit(tx, {
      actorId: input.userId,
      action: 'webhook.delivery_resent',
      entityType: 'webhook_delivery',
      entityId: before.id,
      data: { previousStatus: before.status, attempts: before.attempts, eventId: before.eventId },
    });
    await enqueueResend(tx, jobs, JOB_QUEUES.deliverWebhook, before.id);
    return toDelivery(row!);
  });
}

function isWebhookEventType(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * The event a notification becomes for webhooks (its id and the exact body an endpoint is sent, by the
 * endpoint's API version), or null when the notification's type is not a webhook event. notifyUser writes one delivery row per
 * endpoint that wants it inside the notification's own transaction; the webhook worker sends them
 * after the commit (woken by the notification's NOTIFY, or its minute sweep).
 */
export function webhookEventOf(input: {
  type: string;
  data: Record<string, unknown>;
}): { id: string; type: WebhookEventType; payloads: Record<ApiVersion, string> } | null {
  if (!isWebhookEventType(input.type)) return null;
  const event: WebhookEvent = {
    id: randomUUID(),
    type: input.type,
    createdAt: new Date().toISOString(),
    data: input.data,
  };
  const payloads = Object.fromEntries(
    API_VERSIONS.map((version) => [
      version,
      // `data` is the notification's, camelCase in every version: only the envelope's keys differ.
      JSON.stringify({
        ...(renderInVersion({ ...event, data: {} }, version, 'WEBHOOK event', 'event') as object),
        data: event.data,
      }),
    ]),
  ) as Record<ApiVersion, string>;
  return { id: event.id, type: input.type, payloads };
}
