import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../db/pg-listener';
import { selectRows } from '../db/client';
import { messages, notifications, operations } from '../db/schema';
import { demoUserId } from '../seed/demo-accounts';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../seed/demo-operations';
import { createApprovedBuyers } from '../test/buyers';
import { createOpenOperation, placeOrder } from '../test/deals';
import { type SseMessage, type SseStream, eventData, openSseStream } from '../test/sse-client';
import { type TestApp, createTestApp, signIn } from '../test/test-app';

const FEATURED_ID = demoOperationId(FEATURED_OPERATION_KEY);
const isPostgres = Boolean(process.env.DATABASE_URL);

function isEvent(kind: string, fields: Record<string, string> = {}) {
  return (message: SseMessage) => {
    if (message.event !== 'message') return false;
    const data = eventData(message);
    return data.kind === kind && Object.entries(fields).every(([key, value]) => data[key] === value);
  };
}

describe('realtime: LISTEN/NOTIFY → GET /api/events', () => {
  let t: TestApp;
  let baseUrl: string;
  const streams: SseStream[] = [];
  const open = async (email: string | null) => {
    const headers = email ? await signIn(t, email) : {};
    const stream = await openSseStream(baseUrl, '/api/events', { cookie: headers.cookie ?? '' });
    streams.push(stream);
    if (stream.status === 200) await stream.waitFor((message) => message.event === 'ready');
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp({ realtimeHeartbeatMs: 200 });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('refuses a visitor with 401', async () => {
    const stream = await open(null);
    expect(stream.status).toBe(401);
  });

  it('streams text/event-stream with a retry hint, then a committed operation update', async () => {
    const stream = await open('pendiente@tradeops.demo');
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(stream.headers['cache-control']).toContain('no-store');
    await t.db.update(operations).set({ updatedAt: new Date() }).where(eq(operations.id, FEATURED_ID));
    const message = await stream.waitFor(isEvent('operation', { operationId: FEATURED_ID }));
    expect(eventData(message)).toEqual({ kind: 'operation', operationId: FEATURED_ID });
  });

  it('does not announce a change that is rolled back', async () => {
    const stream = await open('comprador@tradeops.demo');
    const marker = 'rolled back';
    await t.db
      .transaction(async (tx) => {
        await tx.insert(notifications).values({ userId: demoUserId('comprador'), type: 'test.rollback', data: {} });
        throw new Error(marker);
      })
      .catch((error: Error) => expect(error.message).toBe(marker));
    const [row] = await t.db
      .insert(notifications)
      .values({ userId: demoUserId('comprador'), type: 'test.after', data: {} })
      .returning();
    await stream.waitFor(isEvent('notification', { id: row!.id }));
    expect(stream.messages.filter(isEvent('notification'))).toHaveLength(1);
  });

  it("delivers a user's notifications to that user only", async () => {
    const buyer = await open('comprador@tradeops.demo');
    const pending = await open('pendiente@tradeops.demo');
    const [other] = await t.db
      .insert(notifications)
      .values({ userId: demoUserId('pendiente'), type: 'test.other', data: {} })
      .returning();
    const [own] = await t.db
      .insert(notifications)
      .values({ userId: demoUserId('comprador'), type: 'test.own', data: {} })
      .returning();
    await buyer.waitFor(isEvent('notification', { id: own!.id }));
    await pending.waitFor(isEvent('notification', { id: other!.id }));
    // One LISTEN, delivered in order: the other user's event came first and was filtered out.
    expect(buyer.messages.some(isEvent('notification', { id: other!.id }))).toBe(false);
    expect(pending.messages.some(isEvent('notification', { id: own!.id }))).toBe(false);
  });

  it("delivers an operation room's messages to its buyers, its seller and admins, not to others", async () => {
    const buyer = await open('comprador@tradeops.demo');
    const seller = await open('vendedor@tradeops.demo');
    const admin = await open('admin@tradeops.demo');
    const outsider = await open('pendiente@tradeops.demo');
    const [message] = await t.db
      .insert(messages)
      .values({ operationId: FEATURED_ID, authorId: demoUserId('comprador'), body: 'Hola a todos' })
      .returning();
    const matches = isEvent('message', { operationId: FEATURED_ID, id: message!.id });
    await Promise.all([buyer.waitFor(matches), seller.waitFor(matches), admin.waitFor(matches)]);
    // A later event the outsider does hear proves the message event was filtered, not late.
    await t.db.update(operations).set({ updatedAt: new Date() }).where(eq(operations.id, FEATURED_ID));
    await outsider.waitFor(isEvent('operation', { operationId: FEATURED_ID }));
    expect(outsider.messages.some(matches)).toBe(false);
  });

  it("announces an unapproved offer's changes to its seller and admins only, an approved one to everyone", async () => {
    const buyer = await open('comprador@tradeops.demo');
    const owner = await open('vendedor@tradeops.demo');
    const admin = await open('admin@tradeops.demo');
    const pending = await createOpenOperation(t.db, { status: 'pending', reviewStatus: 'pending' });
    const rejected = await createOpenOperation(t.db, {
      status: 'rejected',
      reviewStatus: 'rejected',
      reviewRejectionReason: 'Falta la ficha técnica',
    });
    const approved = await createOpenOperation(t.db);
    // Changes of each row (an edit, a milestone) announce its id.
    for (const operation of [pending, rejected, approved]) {
      await t.db.update(operations).set({ updatedAt: new Date() }).where(eq(operations.id, operation.id));
    }
    const approvedChange = isEvent('operation', { operationId: approved.id });
    // In order: the approved row's event comes after the other two, so by then they were filtered, not late.
    await Promise.all([buyer, owner, admin].map((stream) => stream.waitFor(approvedChange)));
    for (const hidden of [pending, rejected]) {
      const change = isEvent('operation', { operationId: hidden.id });
      expect(buyer.messages.some(change), hidden.reviewStatus).toBe(false);
      expect(owner.messages.some(change), hidden.reviewStatus).toBe(true);
      expect(admin.messages.some(change), hidden.reviewStatus).toBe(true);
    }

    // Once approved, its changes reach every signed-in user.
    await t.db
      .update(operations)
      .set({ status: 'active', reviewStatus: 'approved' })
      .where(eq(operations.id, pending.id));
    await buyer.waitFor(isEvent('operation', { operationId: pending.id }));
  });

  it("stops delivering an operation room's messages to a buyer whose unpaid order ended", async () => {
    const [buyer] = await createApprovedBuyers(t, 1, 'sse-room');
    const operation = await createOpenOperation(t.db);
    const { id: orderId } = await placeOrder(t.app, buyer!.headers, operation.id, 5);
    const stream = await openSseStream(baseUrl, '/api/events', { cookie: buyer!.headers.cookie! });
    streams.push(stream);
    await stream.waitFor((message) => message.event === 'ready');
    const [first] = await t.db
      .insert(messages)
      .values({ operationId: operation.id, authorId: demoUserId('vendedor'), body: 'Bienvenidos' })
      .returning();
    await stream.waitFor(isEvent('message', { operationId: operation.id, id: first!.id }));

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: buyer!.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await stream.waitFor(isEvent('order', { id: orderId }));
    const [second] = await t.db
      .insert(messages)
      .values({ operationId: operation.id, authorId: demoUserId('vendedor'), body: 'Solo para participantes' })
      .returning();
    // A later event the buyer does hear proves the message event was filtered, not late.
    const [marker] = await t.db
      .insert(notifications)
      .values({ userId: buyer!.userId, type: 'test.after-message', data: {} })
      .returning();
    await stream.waitFor(isEvent('notification', { id: marker!.id }));
    expect(stream.messages.some(isEvent('message', { id: second!.id }))).toBe(false);
  });

  it('sends heartbeat comments', async () => {
    const stream = await open('comprador@tradeops.demo');
    await expect
      .poll(() => stream.comments.filter((comment) => comment === 'heartbeat').length, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(1);
  });

  it('stops delivering to a stream the client closed', async () => {
    const stream = await open('comprador@tradeops.demo');
    const before = t.app.realtime.subscriberCount;
    stream.close();
    await expect.poll(() => t.app.realtime.subscriberCount).toBe(before - 1);
  });

  it.runIf(isPostgres)('hears a change committed by another connection (another app instance)', async () => {
    const stream = await open('comprador@tradeops.demo');
    const other = new pg.Client({ connectionString: t.config.databaseUrl! });
    await other.connect();
    try {
      await other.query('update operations set updated_at = now() where id = $1', [FEATURED_ID]);
    } finally {
      await other.end();
    }
    await stream.waitFor(isEvent('operation', { operationId: FEATURED_ID }));
  });

  it.runIf(isPostgres)(
    'reconnects the LISTEN connection after its backend is killed, and tells streams to resync',
    { timeout: 20_000 },
    async () => {
      const stream = await open('comprador@tradeops.demo');
      const listenerPids = () =>
        selectRows<{ pid: number }>(
          t.db,
          sql`select pid from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
        );
      const [listener] = await listenerPids();
      expect(listener).toBeDefined();
      await selectRows(t.db, sql`select pg_terminate_backend(${listener!.pid})`);
      await stream.waitFor((message) => message.event === 'resync', 10_000);
      const [replacement] = await listenerPids();
      expect(replacement?.pid).not.toBe(listener!.pid);
      const [row] = await t.db
        .insert(notifications)
        .values({ userId: demoUserId('comprador'), type: 'test.after-reconnect', data: {} })
        .returning();
      await stream.waitFor(isEvent('notification', { id: row!.id }));
    },
  );
});

describe('realtime: closing the app', () => {
  // The measured bound is the close (< 5 s below); creating the app took 21 s on a loaded 2-core machine.
  it('ends open streams instead of waiting for them', { timeout: 60_000 }, async () => {
    const t = await createTestApp();
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await signIn(t, 'comprador@tradeops.demo');
    const stream = await openSseStream(baseUrl, '/api/events', { cookie: headers.cookie! });
    await stream.waitFor((message) => message.event === 'ready');
    const started = Date.now();
    await t.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
