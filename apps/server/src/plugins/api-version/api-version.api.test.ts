import { randomUUID } from 'node:crypto';
import { API_VERSIONS, CURRENT_API_VERSION, TERMS_VERSION, ZWebhookEvent } from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, orders } from '../../db/schema';
import { bearer, createApiKey } from '../../test/api-keys';
import { createOpenOperation } from '../../test/deals';
import { type OpenApiDocument, bodyPropertyNames } from '../../test/openapi-walk';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { toSnakeCase } from './api-version';
import { SNAKE_CASE_KEYS_2026_11_25 } from './snake-case-2026-11-25';

const FIRST = '2026-11-25';
const FIRST_KEYS = SNAKE_CASE_KEYS_2026_11_25;

/** Every key of a JSON value with where it stands, written like the version's key lists (`201.order.amount_cents`). */
function keyPaths(value: unknown, at: string, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keyPaths(item, `${at}[]`, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [name, child] of Object.entries(value)) {
      found.push(`${at}.${name}`);
      keyPaths(child, `${at}.${name}`, found);
    }
  }
  return found;
}

/** The keys of an answer that the first version spells otherwise (snake_case) but that came in another spelling. */
function notInFirstVersion(route: string, status: number, body: unknown): string[] {
  const old = new Set(FIRST_KEYS[route]);
  return keyPaths(body, String(status)).filter((path) => {
    const snake = path.split('.').map(toSnakeCase).join('.');
    return snake !== path && old.has(snake);
  });
}

/**
 * API versions (decision 026): a key made before versions existed reads and sends the first version's
 * snake_case keys, a new key the current camelCase ones, a request may name its version, a version the
 * API does not know is refused before anything runs, and the first version's keys can all be drawn from
 * today's schemas.
 */
describe('API versions', () => {
  let t: TestApp;
  let buyerSession: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    buyerSession = await signIn(t, 'comprador@tradeops.demo');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A write key of the demo buyer, pinned to the first version as the migration pins the keys made before it. */
  async function firstVersionKey(): Promise<{ key: string; id: string }> {
    const { key, apiKey } = await createApiKey(t, buyerSession, 'write');
    await t.db.update(apiKeys).set({ apiVersion: FIRST }).where(eq(apiKeys.id, apiKey.id));
    return { key, id: apiKey.id };
  }

  it('pins a new key to the current version and names the version in every answer', async () => {
    const { key, apiKey } = await createApiKey(t, buyerSession, 'read');
    expect(apiKey.apiVersion).toBe(CURRENT_API_VERSION);
    const viaKey = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(key) });
    expect(viaKey.statusCode, viaKey.body).toBe(200);
    expect(viaKey.headers['tradeops-version']).toBe(CURRENT_API_VERSION);
    const viaSession = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: buyerSession });
    expect(viaSession.headers['tradeops-version']).toBe(CURRENT_API_VERSION);
    const count = await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: bearer(key) });
    expect(Object.keys(count.json())).toEqual(['unreadCount']);
  });

  it('takes the first version’s documented order body from a key made before versions, and answers in its keys', async () => {
    const { key } = await firstVersionKey();
    const operation = await createOpenOperation(t.db);
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/orders`,
      headers: bearer(key),
      // As docs/api.md showed it before version 2026-11-27.
      payload: { volume: 5, payment_method: 'wire', terms_version: TERMS_VERSION, idempotency_key: randomUUID() },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.headers['tradeops-version']).toBe(FIRST);
    const order = placed.json().order;
    expect(order).toMatchObject({ amount_cents: 500_000, payment_method: 'wire', payment_status: 'pending' });
    expect(order.escrow).toHaveProperty('held_cents');
    expect(notInFirstVersion('POST /api/operations/{id}/orders', 201, placed.json())).toEqual([]);

    for (const [route, url] of [
      ['GET /api/orders/{id}', `/api/orders/${order.id}`],
      // The deprecated path answers as its route does.
      ['GET /api/orders/{id}', `/api/participations/${order.id}`],
      ['GET /api/operations/{id}/orders/mine', `/api/operations/${operation.id}/orders/mine`],
      ['GET /api/operations/{id}/order-form', `/api/operations/${operation.id}/order-form`],
      ['GET /api/operations/{id}', `/api/operations/${operation.id}`],
      ['GET /api/notifications', '/api/notifications'],
      ['GET /api/notifications/unread-count', '/api/notifications/unread-count'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(key) });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(notInFirstVersion(route, 200, response.json()), url).toEqual([]);
    }
    const count = await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: bearer(key) });
    expect(count.json()).toHaveProperty('unread_count');
  });

  it('answers a request that names a version in that version, whatever its key’s, as a session sees it', async () => {
    const { key } = await firstVersionKey();
    const operation = await createOpenOperation(t.db);
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/orders`,
      headers: { ...bearer(key), 'tradeops-version': FIRST },
      payload: { volume: 5, payment_method: 'wire', terms_version: TERMS_VERSION, idempotency_key: randomUUID() },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order.id as string;
    const current = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${id}`,
      headers: { ...bearer(key), 'tradeops-version': CURRENT_API_VERSION },
    });
    expect(current.headers['tradeops-version']).toBe(CURRENT_API_VERSION);
    const session = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: buyerSession });
    expect(keyPaths(current.json(), '200').sort()).toEqual(keyPaths(session.json(), '200').sort());
  });

  it('names a refused field as the request’s version wrote it', async () => {
    const { key } = await firstVersionKey();
    const operation = await createOpenOperation(t.db);
    const refuse = (version: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/operations/${operation.id}/orders`,
        headers: { ...bearer(key), 'tradeops-version': version },
        payload: { volume: 5, ...body },
      });
    const first = await refuse(FIRST, {
      payment_method: 'bitcoin',
      terms_version: TERMS_VERSION,
      idempotency_key: randomUUID(),
    });
    expect(first.statusCode).toBe(400);
    expect(Object.keys(first.json().error.fields)).toEqual(['payment_method']);
    const current = await refuse(CURRENT_API_VERSION, {
      paymentMethod: 'bitcoin',
      termsVersion: TERMS_VERSION,
      idempotencyKey: randomUUID(),
    });
    expect(current.statusCode).toBe(400);
    expect(Object.keys(current.json().error.fields)).toEqual(['paymentMethod']);
    expect(await t.db.$count(orders, eq(orders.operationId, operation.id))).toBe(0);
  });

  it('refuses a version it does not know, translated, before anything runs', async () => {
    const { key } = await firstVersionKey();
    const operation = await createOpenOperation(t.db);
    for (const [asked, lang, message] of [
      ['2027-01-01', 'es', 'La cabecera TradeOps-Version no nombra una versión de la API (2026-11-25, 2026-11-27).'],
      ['latest', 'en', 'The TradeOps-Version header names no version of the API (2026-11-25, 2026-11-27).'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/operations/${operation.id}/orders`,
        headers: { ...bearer(key), 'tradeops-version': asked, 'x-lang': lang },
        payload: { volume: 5, payment_method: 'wire', terms_version: TERMS_VERSION, idempotency_key: randomUUID() },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'API_VERSION_UNKNOWN', message });
    }
    expect(await t.db.select().from(orders).where(eq(orders.operationId, operation.id))).toEqual([]);
  });

  it('moves a key between versions for its owner, audited; refuses a revoked key, another company’s and a version it does not know', async () => {
    const { key, id } = await firstVersionKey();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/account/api-keys/${id}/version`,
      headers: buyerSession,
      payload: { apiVersion: CURRENT_API_VERSION },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().apiVersion).toBe(CURRENT_API_VERSION);
    const next = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(key) });
    expect(next.headers['tradeops-version']).toBe(CURRENT_API_VERSION);
    const audits = await t.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'api_key.version_changed')));
    expect(audits.map((row) => row.data)).toEqual([expect.objectContaining({ from: FIRST, to: CURRENT_API_VERSION })]);

    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/account/api-keys/${id}/version`,
      headers: buyerSession,
      payload: { apiVersion: '2027-01-01' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED');

    const sellerSession = await signIn(t, 'vendedor@tradeops.demo');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/account/api-keys/${id}/version`,
      headers: sellerSession,
      payload: { apiVersion: FIRST },
    });
    expect(foreign.statusCode).toBe(404);

    await t.app.inject({ method: 'POST', url: `/api/account/api-keys/${id}/revoke`, headers: buyerSession });
    const revoked = await t.app.inject({
      method: 'PUT',
      url: `/api/account/api-keys/${id}/version`,
      headers: buyerSession,
      payload: { apiVersion: FIRST },
    });
    expect(revoked.statusCode).toBe(404);
    const [row] = await t.db.select({ apiVersion: apiKeys.apiVersion }).from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.apiVersion).toBe(CURRENT_API_VERSION);
  });

  it('can draw every key of the first version from today’s schemas (the record stays a contract the code keeps)', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
    expect(Object.keys(FIRST_KEYS).length).toBeGreaterThan(0);
    expect(API_VERSIONS).toContain(FIRST);
    // A webhook delivery's body is not a route: its keys are ZWebhookEvent's.
    const { 'WEBHOOK event': webhookKeys, ...routes } = FIRST_KEYS;
    const envelope = new Set(Object.keys(ZWebhookEvent.shape).map((name) => `event.${toSnakeCase(name)}`));
    expect(webhookKeys?.filter((old) => !envelope.has(old))).toEqual([]);
    for (const [route, oldPaths] of Object.entries(routes)) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      const today = new Set(
        bodyPropertyNames(operation!).map(([, where]) => where.split('.').map(toSnakeCase).join('.')),
      );
      expect(
        oldPaths.filter((old) => !today.has(old)),
        route,
      ).toEqual([]);
    }
  });
});
