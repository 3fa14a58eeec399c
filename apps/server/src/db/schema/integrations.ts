import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  type ApiVersion,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { checkIn, createdAt, timestamptz } from './columns';

/**
 * A company's API keys (docs/api.md): only the SHA-256 of the key is kept (a key is 32 random
 * bytes, so no slow hash is needed against guessing), with its first characters to recognise it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiKeyScope>().notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The API version its requests speak unless they name another (decision 026); set when the key is made. */
    apiVersion: text('api_version').$type<ApiVersion>().notNull(),
    createdAt: createdAt(),
    /** Updated at most once a minute per key (a write per request would cost every call). */
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    checkIn('api_keys_scope_check', t.scope, API_KEY_SCOPES),
    uniqueIndex('api_keys_key_hash_idx').on(t.keyHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Where a company wants its events sent. The signing secret is kept encrypted with the session
 * secret (it must be read back to sign); the company saw it once, at creation.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Empty: every event. */
    events: jsonb('events').$type<WebhookEventType[]>().notNull().default([]),
    secretEncrypted: text('secret_encrypted').notNull(),
    /** The API version of the events it is sent (decision 026); set when the endpoint is made. */
    apiVersion: text('api_version').$type<ApiVersion>().notNull(),
    createdAt: createdAt(),
    /** Deleted by the company: no new deliveries; its log stays readable until the rows age out. */
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('webhook_endpoints_user_idx')
      .on(t.userId)
      .where(sql`deleted_at is null`),
  ],
);

/**
 * One event to one endpoint, written in the transaction of the notification it mirrors and sent
 * afterwards by the webhook worker (at least once; the receiver deduplicates by event id), with
 * the same claim-and-lease scheme as the mail outbox.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The same for every endpoint the event goes to, and for every try. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The body sent, exactly (its bytes are what the signature covers). */
    payload: text('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** pending: not before then; sending: the claim's lease. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    checkIn('webhook_deliveries_status_check', t.status, WEBHOOK_DELIVERY_STATUSES),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc()),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'sending')`),
  ],
);
