import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { CURRENT_API_VERSION, type CreatedWebhook, TERMS_VERSION, type WebhookDelivery } from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation } from '../../test/deals';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { type HostResolver } from './public-address';
import { WEBHOOK_RETRY, deliverDueWebhooks } from './webhook-delivery.service';

/**
 * The receiver's check, written from docs/api.md ("Verify every request") alone, not from the
 * server's code: if the server signed anything else, or the documentation were wrong, it fails.
 */
const TOLERANCE_SECONDS = 300;
function verifyTradeOpsSignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  secret: string,
  now = Date.now(),
): boolean {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split('=')),
  ) as Record<string, string | undefined>;
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1!, 'hex'));
}

interface Received {
  at: number;
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
}

/** A real HTTP receiver on loopback: answers 500 to the first `failures` requests, then 204. */
async function startReceiver(failures: number) {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ at: performance.now(), rawBody: Buffer.concat(chunks), headers: request.headers });
      response.writeHead(received.length <= failures ? 500 : 204).end();
      for (const waiter of waiters.filter((candidate) => received.length >= candidate.count)) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/tradeops`,
    port: (server.address() as AddressInfo).port,
    received,
    /** Resolves once `count` requests have arrived. */
    until: (count: number) =>
      new Promise<void>((resolve) => {
        if (received.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function addEndpoint(t: TestApp, session: Record<string, string>, url: string, events: string[] = []) {
  return t.app.inject({ method: 'POST', url: '/api/account/webhooks', headers: session, payload: { url, events } });
}

describe('webhooks delivered by the job queue, signed, retried with backoff', () => {
  let t: TestApp;
  let buyer: Record<string, string>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver(2);
    t = await createTestApp({
      // A receiver on this machine, as in development; the workers run, polling often.
      env: { JOBS: 'on', WEBHOOK_PRIVATE_ADDRESSES: 'allow' },
      jobPollingIntervalSeconds: 0.5,
      webhookRetry: { firstDelayMs: 300, maxDelayMs: 5_000, claimMs: 10_000, timeoutMs: 5_000 },
    });
    buyer = await signIn(t, 'comprador@tradeops.demo');
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('sends an order’s event to a receiver that fails twice: three signed tries, one event, then a resend', async () => {
    const created = await addEndpoint(t, buyer, receiver.url, ['order.created', 'payment.confirmed']);
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = created.json() as CreatedWebhook;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    const [stored] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored?.secretEncrypted).not.toContain(secret.slice(6));

    const operation = await createOpenOperation(t.db);
    const orderedAt = performance.now();
    const order = await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/orders`,
      headers: buyer,
      payload: { volume: 5, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
    });
    expect(order.statusCode, order.body).toBe(201);

    await receiver.until(3);
    const tries = receiver.received.slice(0, 3);
    for (const attempt of tries) {
      expect(verifyTradeOpsSignature(attempt.rawBody, attempt.headers['tradeops-signature'], secret)).toBe(true);
      expect(attempt.headers['content-type']).toBe('application/json');
    }
    const events = tries.map((attempt) => JSON.parse(attempt.rawBody.toString('utf8')) as Record<string, unknown>);
    expect(new Set(events.map((event) => event.id)).size).toBe(1);
    expect(events[0]).toMatchObject({
      type: 'order.created',
      data: { operationId: operation.id, volume: 5, orderId: order.json().order.id },
    });
    expect(tries[0]!.headers['tradeops-event-id']).toBe(events[0]!.id);
    // Backoff: the second wait is longer than the first (300 ms, then 600 ms, plus the workers' polling).
    const firstWait = tries[1]!.at - tries[0]!.at;
    const secondWait = tries[2]!.at - tries[1]!.at;
    expect(firstWait).toBeGreaterThanOrEqual(300);
    expect(secondWait).toBeGreaterThanOrEqual(600);

    // The delivery log in the settings page: succeeded on the third try, the last answer kept.
    let delivery: WebhookDelivery | undefined;
    await expect
      .poll(
        async () => {
          const log = await t.app.inject({
            method: 'GET',
            url: `/api/account/webhooks/${endpoint.id}/deliveries`,
            headers: buyer,
          });
          delivery = (log.json() as { deliveries: WebhookDelivery[] }).deliveries[0];
          return delivery?.status;
        },
        { timeout: 5_000, interval: 100 },
      )
      .toBe('succeeded');
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      lastStatusCode: 204,
      eventType: 'order.created',
    });
    expect(performance.now() - orderedAt).toBeLessThan(20_000);

    // Resent from the log: the same event once more, signed anew.
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/account/webhooks/deliveries/${delivery!.id}/resend`,
      headers: buyer,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    await receiver.until(4);
    const again = receiver.received[3]!;
    expect(JSON.parse(again.rawBody.toString('utf8')).id).toBe(events[0]!.id);
    expect(verifyTradeOpsSignature(again.rawBody, again.headers['tradeops-signature'], secret)).toBe(true);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, delivery!.id), eq(auditLog.action, 'webhook.delivery_resent')));
    expect(audits).toHaveLength(1);
  }, 30_000);

  it('writes each endpoint the event in its API version: createdAt now, created_at for an endpoint on 2026-11-25', async () => {
    const other = await startReceiver(0);
    try {
      const current = (await addEndpoint(t, buyer, `${other.url}/current`, ['order.created'])).json() as CreatedWebhook;
      const first = (await addEndpoint(t, buyer, `${other.url}/first`, ['order.created'])).json() as CreatedWebhook;
      expect(current.endpoint.apiVersion).toBe(CURRENT_API_VERSION);
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/account/webhooks/${first.endpoint.id}/version`,
        headers: buyer,
        payload: { apiVersion: '2026-11-25' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ id: first.endpoint.id, apiVersion: '2026-11-25' });
      const unknown = await t.app.inject({
        method: 'PUT',
        url: `/api/account/webhooks/${first.endpoint.id}/version`,
        headers: buyer,
        payload: { apiVersion: 'latest' },
      });
      expect(unknown.statusCode).toBe(400);
      const [audit] = await t.db
        .select({ data: auditLog.data })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, first.endpoint.id), eq(auditLog.action, 'webhook.version_changed')));
      expect(audit?.data).toMatchObject({ from: CURRENT_API_VERSION, to: '2026-11-25' });

      const operation = await createOpenOperation(t.db);
      const order = await t.app.inject({
        method: 'POST',
        url: `/api/operations/${operation.id}/orders`,
        headers: buyer,
        payload: { volume: 5, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
      });
      expect(order.statusCode, order.body).toBe(201);
      const body = async (endpointId: string) => {
        const [row] = await t.db
          .select({ payload: webhookDeliveries.payload })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpointId));
        return JSON.parse(row!.payload) as Record<string, unknown>;
      };
      const now = await body(current.endpoint.id);
      const then = await body(first.endpoint.id);
      expect(Object.keys(now)).toEqual(['id', 'type', 'createdAt', 'data']);
      expect(Object.keys(then)).toEqual(['id', 'type', 'created_at', 'data']);
      expect(then).toEqual({ id: now.id, type: now.type, created_at: now.createdAt, data: now.data });
      expect(now.data).toMatchObject({ orderId: order.json().order.id });
    } finally {
      await other.close();
    }
  });

  it('lets the receiver refuse a tampered body, another secret and a replay outside five minutes', async () => {
    // A buyer and a receiver of this case's own: one signed delivery of a 5 t order.
    const [owner] = await createApprovedBuyers(t, 1, 'webhook-signature');
    const own = await startReceiver(0);
    try {
      const created = await addEndpoint(t, owner!.headers, own.url, ['order.created']);
      expect(created.statusCode, created.body).toBe(201);
      const signingSecret = (created.json() as CreatedWebhook).secret;
      const operation = await createOpenOperation(t.db);
      const order = await t.app.inject({
        method: 'POST',
        url: `/api/operations/${operation.id}/orders`,
        headers: owner!.headers,
        payload: { volume: 5, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
      });
      expect(order.statusCode, order.body).toBe(201);
      await own.until(1);

      const attempt = own.received[0]!;
      const header = attempt.headers['tradeops-signature'];
      const timestamp = Number(/t=(\d+)/.exec(String(header))?.[1]);
      expect(verifyTradeOpsSignature(attempt.rawBody, header, signingSecret, timestamp * 1000)).toBe(true);
      const tampered = Buffer.from(attempt.rawBody.toString('utf8').replace('"volume":5', '"volume":50'));
      expect(tampered.equals(attempt.rawBody)).toBe(false);
      expect(verifyTradeOpsSignature(tampered, header, signingSecret, timestamp * 1000)).toBe(false);
      expect(verifyTradeOpsSignature(attempt.rawBody, header, `whsec_${'a'.repeat(43)}`, timestamp * 1000)).toBe(false);
      // The genuine delivery itself, six minutes later: a replay.
      expect(verifyTradeOpsSignature(attempt.rawBody, header, signingSecret, (timestamp + 360) * 1000)).toBe(false);
    } finally {
      await own.close();
    }
  }, 30_000);

  it('sends nothing for events an endpoint did not ask for, and nothing once it is deleted', async () => {
    const other = await startReceiver(0);
    try {
      const created = await addEndpoint(t, buyer, other.url, ['operation.settled']);
      const { endpoint } = created.json() as CreatedWebhook;
      const operation = await createOpenOperation(t.db);
      await t.app.inject({
        method: 'POST',
        url: `/api/operations/${operation.id}/orders`,
        headers: buyer,
        payload: { volume: 5, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
      });
      const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(rows).toEqual([]);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/account/webhooks/${endpoint.id}`,
        headers: buyer,
      });
      expect(deleted.statusCode).toBe(200);
      const list = await t.app.inject({ method: 'GET', url: '/api/account/webhooks', headers: buyer });
      expect(list.json().endpoints.map((item: { id: string }) => item.id)).not.toContain(endpoint.id);
      expect(other.received).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('webhook endpoints on internal addresses (outside development)', () => {
  let t: TestApp;
  let buyer: Record<string, string>;
  /** Answers for names as a DNS server would; a name it does not know does not resolve. */
  const dnsAnswers = new Map<string, string>();
  const resolveHost: HostResolver = async (hostname) => {
    const address = dnsAnswers.get(hostname);
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  beforeAll(async () => {
    t = await createTestApp({ resolveWebhookHost: resolveHost });
    buyer = await signIn(t, 'comprador@tradeops.demo');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses loopback, private, link-local and other internal addresses, by literal or by name', async () => {
    dnsAnswers.set('localhost', '127.0.0.1');
    dnsAnswers.set('intranet.example.com', '10.1.2.3');
    dnsAnswers.set('metadata.example.com', '169.254.169.254');
    dnsAnswers.set('v6.example.com', 'fd12:3456::1');
    dnsAnswers.set('mapped.example.com', '::ffff:127.0.0.1');
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost:8080/hook',
      'http://[::1]/hook',
      'http://10.0.0.1/hook',
      'http://172.16.5.4/hook',
      'http://192.168.1.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:10.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'https://intranet.example.com/hook',
      'https://metadata.example.com/hook',
      'https://v6.example.com/hook',
      'https://mapped.example.com/hook',
      'https://does-not-resolve.example.com/hook',
    ]) {
      const response = await addEndpoint(t, buyer, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe('WEBHOOK_URL_NOT_PUBLIC');
    }
    const rows = await t.db.select().from(webhookEndpoints);
    expect(rows).toEqual([]);
  });

  it('resolves the name again for each delivery: a name that now points inside is not called', async () => {
    const receiver = await startReceiver(0);
    try {
      // Public when saved (no connection is made then) …
      dnsAnswers.set('erp.example.com', '93.184.215.14');
      const created = await addEndpoint(t, buyer, `http://erp.example.com:${receiver.port}/hooks`);
      expect(created.statusCode, created.body).toBe(201);
      const { endpoint } = created.json() as CreatedWebhook;
      // … then the DNS answer changes to this machine, where the receiver listens (DNS rebinding).
      dnsAnswers.set('erp.example.com', '127.0.0.1');
      const operation = await createOpenOperation(t.db);
      await t.app.inject({
        method: 'POST',
        url: `/api/operations/${operation.id}/orders`,
        headers: buyer,
        payload: { volume: 5, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
      });
      // The workers are off in this app: the test runs the worker's pass itself.
      const claimed = await deliverDueWebhooks({
        db: t.db,
        jobs: t.app.jobs,
        log: t.app.log,
        sessionSecret: t.config.sessionSecret!,
        allowInternalAddresses: t.config.allowPrivateWebhookAddresses,
        resolveHost,
        retry: WEBHOOK_RETRY,
      });
      expect(claimed).toBe(1);
      const [delivery] = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
      expect(delivery?.lastError).toMatch(/resolves to 127\.0\.0\.1, which is not public/);
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
