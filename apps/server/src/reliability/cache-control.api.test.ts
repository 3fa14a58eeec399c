import { type AddressInfo, connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema';
import { demoUserId } from '../seed/demo-accounts';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../seed/demo-operations';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { type TestApp, createTestApp, sameOriginHeaders, signIn } from '../test/test-app';
import { enrolTwoFactor } from '../test/totp';

const FEATURED_ID = demoOperationId(FEATURED_OPERATION_KEY);
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The only /api answers a cache may keep: the public operation reads the read cache serves
 * (revalidated on every use, since their figures move live) and an approved offer's photo.
 * Everything else — the outbox with its reset links, notifications, messages, ledgers, the
 * session and the account — must say no-store, including every refusal.
 */
const CACHEABLE_WHEN_OK: Record<string, string> = {
  'GET /api/operations': 'no-cache',
  'GET /api/operations/catalogue': 'no-cache',
  'GET /api/operations/featured': 'no-cache',
  'GET /api/operations/:id/summary': 'no-cache',
  'GET /api/offers/:id/image': 'public, max-age=3600',
};
const STREAMING = new Set(['GET /api/events']);
const SESSION_ENDING = new Set(['POST /api/auth/sign-out', 'POST /api/session/revoke-all']);

function expectSecurityHeaders(headers: Record<string, unknown>, where: string) {
  expect(headers['content-security-policy'], where).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security'], where).toMatch(/max-age=31536000/);
}

describe('sensitive answers are never cached (production mode)', () => {
  let t: TestApp;
  const callers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: 'true' } });
    callers.visitor = sameOriginHeaders();
    callers.buyer = await signIn(t, 'comprador@tradeops.demo');
    // In production an admin's rights need two-factor sign-in: enrolled here, the new session is an admin's.
    callers.admin = (await enrolTwoFactor(t, await signIn(t, 'admin@tradeops.demo'), DEMO_PASSWORD)).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  it('says no-store on the answers that hold secrets and personal data', async () => {
    const [order] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.userId, demoUserId('comprador')))
      .limit(1);
    const reads: [string, string][] = [
      ['admin', '/api/admin/outbox'],
      ['admin', `/api/admin/operations/${FEATURED_ID}/ledger`],
      ['admin', '/api/admin/settings'],
      ['admin', '/api/admin/contact-messages'],
      ['admin', '/api/admin/payments'],
      ['buyer', '/api/notifications'],
      ['buyer', '/api/notifications/unread-count'],
      ['buyer', `/api/operations/${FEATURED_ID}/messages`],
      ['buyer', `/api/operations/${FEATURED_ID}/room`],
      ['buyer', `/api/orders/${order!.id}`],
      ['buyer', '/api/session'],
      ['buyer', '/api/account/profile'],
      ['buyer', '/api/kyc'],
    ];
    for (const [caller, url] of reads) {
      const response = await t.app.inject({ method: 'GET', url, headers: callers[caller] });
      expect(response.statusCode, `${caller} ${url}`).toBe(200);
      expect(response.headers['cache-control'], `${caller} ${url}`).toContain('no-store');
    }
  });

  // One rule, not a list a new route can forget: every route, as every kind of caller.
  it(
    'sweeps every /api route: no-store unless explicitly cacheable, refusals included',
    { timeout: 120_000 },
    async () => {
      let answers = 0;
      for (const route of t.app.apiRoutes) {
        const key = `${route.method} ${route.url}`;
        const url = route.url.replace(':id', FEATURED_ID).replace(/:\w+/g, SAMPLE_ID);
        for (const [caller, headers] of Object.entries(callers)) {
          if (SESSION_ENDING.has(key) && caller !== 'visitor') continue;
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(route.method === 'GET' ? {} : { payload: {} }),
            ...(STREAMING.has(key) ? { payloadAsStream: true } : {}),
          });
          if (STREAMING.has(key)) response.stream().destroy();
          const where = `${caller} ${key} → ${response.statusCode}`;
          expect(response.statusCode, where).toBeLessThan(500);
          const isOk = response.statusCode >= 200 && response.statusCode < 300;
          const expected = isOk ? CACHEABLE_WHEN_OK[key] : undefined;
          if (expected) expect(response.headers['cache-control'], where).toBe(expected);
          else expect(String(response.headers['cache-control']), where).toMatch(/\bno-store\b/);
          if (!STREAMING.has(key) || !isOk) expectSecurityHeaders(response.headers, where);
          answers += 1;
        }
      }
      expect(answers).toBeGreaterThan(200);
    },
  );

  it('sends the live stream with no-store and the security headers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: callers.buyer,
      payloadAsStream: true,
    });
    response.stream().destroy();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    expectSecurityHeaders(response.headers, 'GET /api/events');
  });
});

/** One raw HTTP exchange over a real socket: Node answers some requests before Fastify's hooks run. */
function exchange(
  port: number,
  request: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: Buffer.from(body, 'latin1').toString('utf8'),
      });
    });
    socket.write(request);
  });
}

describe("Node's own early answers (production mode, over a real socket)", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: 'false' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers headers over 16 KB with 431, our error shape, no-store and the security headers', async () => {
    const answer = await exchange(
      port,
      `GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expectSecurityHeaders(answer.headers, '431');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'HEADERS_TOO_LARGE', message: expect.stringMatching(/encabezados/) },
    });
  });

  it('answers a request Node cannot parse with 400 in the same way', async () => {
    const answer = await exchange(port, 'NOT A REQUEST\r\n\r\n');
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers, '400');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });
});
