import { randomUUID } from 'node:crypto';
import { API_KEY_RATE_LIMIT, type ApiKeyScope, TERMS_VERSION } from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, rateLimits } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { createOpenOperation } from '../../test/deals';
import { bearer, createApiKey } from '../../test/api-keys';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';

/**
 * The routes a company's API key may call and the scope each needs. A route missing here (or
 * listed but gone) fails the suite, as in the authorization matrix: opening a route to keys is a
 * conscious decision. Never admin routes, never account or security settings.
 */
const EXPECTED_API_KEY_ROUTES: Record<string, ApiKeyScope> = {
  'GET /api/operations/:id': 'read',
  'GET /api/operations/:id/spec': 'read',
  'GET /api/operations/:id/orders/mine': 'read',
  'GET /api/operations/:id/order-form': 'read',
  'POST /api/operations/:id/orders': 'write',
  'GET /api/orders/:id': 'read',
  'POST /api/orders/:id/proof': 'write',
  'GET /api/orders/:id/contract.pdf': 'read',
  'GET /api/orders/:id/proof': 'read',
  'POST /api/orders/:id/cancel': 'write',
  'GET /api/orders/:id/statement': 'read',
  'GET /api/orders/:id/statement.pdf': 'read',
  // The deprecated paths orders had as participations, with the same scopes.
  'GET /api/operations/:id/participations/mine': 'read',
  'GET /api/operations/:id/participation-form': 'read',
  'POST /api/operations/:id/participations': 'write',
  'GET /api/participations/:id': 'read',
  'POST /api/participations/:id/proof': 'write',
  'GET /api/participations/:id/contract.pdf': 'read',
  'GET /api/participations/:id/proof': 'read',
  'POST /api/participations/:id/cancel': 'write',
  'GET /api/participations/:id/statement': 'read',
  'GET /api/participations/:id/statement.pdf': 'read',
  'GET /api/seller/operations/:id/statement': 'read',
  'GET /api/seller/operations/:id/statement.pdf': 'read',
  'GET /api/notifications': 'read',
  'GET /api/notifications/unread-count': 'read',
  'POST /api/notifications/:id/read': 'write',
  'POST /api/notifications/read-all': 'write',
  'GET /api/offers/mine': 'read',
  'GET /api/offers/:id': 'read',
  'GET /api/offers/:id/participants': 'read',
  'GET /api/buyer/dashboard': 'read',
  'GET /api/buyer/orders': 'read',
  'GET /api/seller/dashboard': 'read',
  'GET /api/operations/:id/documents': 'read',
  'GET /api/operations/:id/documents/:kind/file': 'read',
  'GET /api/operations/:id/milestones/:kind/document': 'read',
};

describe('API keys', () => {
  let t: TestApp;
  let buyerSession: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    buyerSession = await signIn(t, 'comprador@tradeops.demo');
  });
  afterAll(async () => {
    await t.close();
  });

  const createKey = (session: Record<string, string>, scope: ApiKeyScope, name?: string) =>
    createApiKey(t, session, scope, name);

  it('opens exactly the listed routes to keys, with their scope', () => {
    const opened = Object.fromEntries(
      t.app.apiRoutes.filter((route) => route.apiKey).map((route) => [`${route.method} ${route.url}`, route.apiKey]),
    );
    expect(opened).toEqual(EXPECTED_API_KEY_ROUTES);
    for (const route of t.app.apiRoutes.filter((candidate) => candidate.apiKey)) {
      expect(route.access, route.url).not.toBe('admin');
      expect(route.url).not.toMatch(/^\/api\/(account|auth|session|admin)\b/);
    }
  });

  it('shows a new key once, keeps only its hash, and lists it by its first characters', async () => {
    const created = await createKey(buyerSession, 'read', 'Contabilidad');
    expect(created.key).toMatch(/^tok_[\w-]{43}$/);
    expect(created.key.startsWith(created.apiKey.prefix)).toBe(true);
    expect(created.apiKey).toMatchObject({ name: 'Contabilidad', scope: 'read', lastUsedAt: null, revokedAt: null });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.apiKey.id));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const list = await t.app.inject({ method: 'GET', url: '/api/account/api-keys', headers: buyerSession });
    expect(list.body).not.toContain(created.key);
    expect(list.json().keys.map((key: { id: string }) => key.id)).toContain(created.apiKey.id);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.apiKey.id), eq(auditLog.action, 'api_key.created')));
    expect(audit?.actorId).toBe(demoUserId('comprador'));
  });

  it('lets a read key read the company’s own data and records when it was last used', async () => {
    const { key, apiKey } = await createKey(buyerSession, 'read');
    const notifications = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(key) });
    expect(notifications.statusCode, notifications.body).toBe(200);
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/buyer/dashboard', headers: bearer(key) });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses a read key on a route that writes, and any key on routes that do not take keys', async () => {
    const { key } = await createKey(buyerSession, 'read');
    const operation = await createOpenOperation(t.db);
    const order = await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/orders`,
      headers: bearer(key),
      payload: { volume: 5, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
    });
    expect(order.statusCode).toBe(403);
    expect(order.json().error.code).toBe('API_KEY_SCOPE_INSUFFICIENT');

    const { key: writeKey } = await createKey(buyerSession, 'write');
    for (const [method, url] of [
      ['GET', '/api/account/profile'],
      ['GET', '/api/account/api-keys'],
      ['POST', '/api/account/api-keys'],
      ['POST', '/api/auth/password/change'],
      ['POST', '/api/auth/two-factor/disable'],
      ['POST', '/api/session/revoke-all'],
      ['GET', '/api/kyc'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(writeKey), payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code, `${method} ${url}`).toMatch(/^(API_KEY_NOT_ALLOWED|CSRF_REJECTED)$/);
    }
  });

  it('never carries admin rights, even the key of an admin', async () => {
    const adminSession = await signIn(t, 'admin@tradeops.demo');
    const { key } = await createKey(adminSession, 'write');
    for (const url of ['/api/admin/dashboard', '/api/admin/payments', '/api/admin/settings']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(key) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code, url).toBe('API_KEY_NOT_ALLOWED');
    }
  });

  it('lets a write key place an order with no Origin (CSRF does not apply to keys), where a cookie needs one', async () => {
    const { key } = await createKey(buyerSession, 'write');
    const operation = await createOpenOperation(t.db);
    const body = { volume: 5, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION };
    const viaKey = await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/orders`,
      headers: bearer(key),
      payload: body,
    });
    expect(viaKey.statusCode, viaKey.body).toBe(201);
    // The same request with the session cookie and no Origin is a cross-site request: refused.
    const viaCookie = await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/orders`,
      headers: { cookie: buyerSession.cookie! },
      payload: { ...body, idempotencyKey: randomUUID() },
    });
    expect(viaCookie.statusCode).toBe(403);
    expect(viaCookie.json().error.code).toBe('CSRF_REJECTED');
  });

  it('refuses a revoked key at once, and an unknown one', async () => {
    const { key, apiKey } = await createKey(buyerSession, 'read');
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(key) })).statusCode).toBe(
      200,
    );
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/account/api-keys/${apiKey.id}/revoke`,
      headers: buyerSession,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const after = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(key) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('API_KEY_INVALID');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(`tok_${'x'.repeat(43)}`),
    });
    expect(unknown.statusCode).toBe(401);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, apiKey.id), eq(auditLog.action, 'api_key.revoked')));
    expect(audits).toHaveLength(1);
  });

  it('limits the requests of each key per minute', async () => {
    const { key, apiKey } = await createKey(buyerSession, 'read');
    // The window's counter one short of the limit, as 599 requests this minute would leave it.
    await t.db.insert(rateLimits).values({
      key: `api-key:${apiKey.id}`,
      points: API_KEY_RATE_LIMIT.points - 1,
      expire: new Date(Date.now() + 30_000),
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(key) })).statusCode).toBe(
      200,
    );
    const limited = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(key) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses keys to a company that is not KYC approved, and a key cannot make keys', async () => {
    const pending = await signIn(t, 'pendiente@tradeops.demo');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/api-keys',
      headers: pending,
      payload: { name: 'x', scope: 'read' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('KYC_REQUIRED');
  });
});
