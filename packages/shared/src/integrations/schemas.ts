import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../notifications/kinds';
import { zText } from '../text/safe-text';

/**
 * Public API keys and signed webhooks, so a company's own systems (an importer's ERP, a logistics
 * partner) can work with TradeOps (docs/api.md).
 */

/** `read`: GET the company's orders, operations, statements and notifications; `write` also places and cancels orders, uploads proofs, marks notifications read. */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Every key starts so: recognisable in a leaked log, and told apart from other bearer tokens. */
export const API_KEY_PREFIX = 'tok_';
/** Active keys a company may hold at once. */
export const MAX_API_KEYS = 10;
/** Requests per key per minute (shared by every instance). */
export const API_KEY_RATE_LIMIT = { points: 600, durationSeconds: 60 } as const;

/**
 * The versions of the API's JSON, oldest first (decision 026). `2026-11-25`: the first published API, whose
 * bodies mixed snake_case and camelCase keys; `2026-11-27`: every key camelCase. A key is pinned to the
 * version current when it was made (the keys made before versions existed: `2026-11-25`); a request may name
 * another in the `TradeOps-Version` header. The web app always speaks the current one.
 */
export const API_VERSIONS = ['2026-11-25', '2026-11-27'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const CURRENT_API_VERSION: ApiVersion = '2026-11-27';
/** The version of the bodies of a request and its answer: asked for in the request, named in the answer. */
export const API_VERSION_HEADER = 'TradeOps-Version';
export const ZApiVersion = z.enum(API_VERSIONS);

/**
 * The events a company's webhooks receive: what its notification bell shows (each notification is
 * one event, of the notification's type, with the notification's data).
 */
export const WEBHOOK_EVENT_TYPES = NOTIFICATION_TYPES;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Endpoints a company may have at once. */
export const MAX_WEBHOOK_ENDPOINTS = 5;
/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'TradeOps-Signature';
/** How far a receiver should accept a signature's timestamp from its own clock (replays older are refused). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const ZApiKeyScope = z.enum(API_KEY_SCOPES);

export const ZCreateApiKeyRequest = z.object({
  name: zText().min(1, 'integrations.apiKeys.nameRequired').max(80, 'validation.tooLong'),
  scope: ZApiKeyScope,
});
export type CreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: ZApiKeyScope,
  /** The key's first characters, to recognise it (the whole key is shown once, at creation). */
  prefix: z.string(),
  /** The API version its requests speak unless they name another (API_VERSIONS). */
  apiVersion: ZApiVersion,
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyList = z.object({ keys: z.array(ZApiKey) });

export const ZSetApiVersionRequest = z.object({ apiVersion: ZApiVersion });
export type SetApiVersionRequest = z.infer<typeof ZSetApiVersionRequest>;
export type ApiKeyList = z.infer<typeof ZApiKeyList>;

/** The answer to a new key: the key itself, shown this once (only its hash is kept). */
export const ZCreatedApiKey = z.object({ apiKey: ZApiKey, key: z.string() });
export type CreatedApiKey = z.infer<typeof ZCreatedApiKey>;

export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);

export const ZCreateWebhookRequest = z.object({
  url: z
    .string()
    .trim()
    .max(2000, 'integrations.webhooks.urlInvalid')
    .pipe(z.url({ protocol: /^https?$/, error: 'integrations.webhooks.urlInvalid' }))
    // No user:password@ in the address: the secret that proves a delivery is the signature.
    .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), 'integrations.webhooks.urlInvalid'),
  /** The events to send; empty: all of them. */
  events: z.array(ZWebhookEventType).max(WEBHOOK_EVENT_TYPES.length).default([]),
});
export type CreateWebhookRequest = z.input<typeof ZCreateWebhookRequest>;

export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(ZWebhookEventType),
  /** The API version of the events it is sent (API_VERSIONS). */
  apiVersion: ZApiVersion,
  createdAt: z.iso.datetime({ offset: true }),
});
export type WebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointList = z.object({ endpoints: z.array(ZWebhookEndpoint) });
export type WebhookEndpointList = z.infer<typeof ZWebhookEndpointList>;

/** The answer to a new endpoint: its signing secret, shown this once. */
export const ZCreatedWebhook = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type CreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status, or null when it was not reached. */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryList = z.object({ deliveries: z.array(ZWebhookDelivery) });
export type WebhookDeliveryList = z.infer<typeof ZWebhookDeliveryList>;

/**
 * What a receiver gets as the body of each delivery, in its endpoint's API version: `createdAt` since
 * 2026-11-27 (`created_at` in 2026-11-25, for the endpoints made before).
 */
export const ZWebhookEvent = z.object({
  id: z.uuid(),
  type: ZWebhookEventType,
  createdAt: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof ZWebhookEvent>;
