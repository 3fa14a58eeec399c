import {
  MESSAGE_MAX_LENGTH,
  ZOperationRoomMessage,
  ZOperationRoomMessagesResponse,
  ZOperationRoomResponse,
} from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, operationMilestones, orders, rateLimits } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../../seed/demo-operations';
import { type ApprovedBuyer, createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, placeOrder } from '../../test/deals';
import { PDF_BYTES, multipartBody } from '../../test/kyc-files';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { expireDueOrders } from '../orders/order-release.service';
import { readAllPages } from '../../test/pages';

const FEATURED_ID = demoOperationId(FEATURED_OPERATION_KEY);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('operation room', () => {
  let t: TestApp;
  const as: Record<string, Record<string, string>> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const [key, email] of Object.entries({
      buyer: 'comprador@tradeops.demo',
      seller: 'vendedor@tradeops.demo',
      admin: 'admin@tradeops.demo',
      outsider: 'exportadora.pampa@tradeops.demo',
      pending: 'pendiente@tradeops.demo',
    })) {
      as[key] = await signIn(t, email);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: as[who] });

  describe('GET /api/operations/:id/room', () => {
    it("shows a buyer the operation's progress and their latest order with its escrow state", async () => {
      const response = await get('buyer', `/api/operations/${FEATURED_ID}/room`);
      expect(response.statusCode).toBe(200);
      const room = ZOperationRoomResponse.parse(response.json());
      expect(room.viewerRole).toBe('participant');
      expect(room.operation).toMatchObject({
        id: FEATURED_ID,
        totalTons: 25,
        allocatedTons: 10,
        availableTons: 15,
        participants: 2,
        status: 'active',
      });
      expect(room.order).toMatchObject({
        volume: 5,
        paymentStatus: 'confirmed',
        status: 'active',
        escrowState: 'held',
        notificationsEnabled: true,
      });
      expect(room.milestones).toEqual([]);
    });

    it('answers the same under its old path /deal-room, marked deprecated in the API reference', async () => {
      const current = await get('buyer', `/api/operations/${FEATURED_ID}/room`);
      const legacy = await get('buyer', `/api/operations/${FEATURED_ID}/deal-room`);
      expect(legacy.statusCode, legacy.body).toBe(200);
      expect(legacy.json()).toEqual(current.json());
      expect((await get('outsider', `/api/operations/${FEATURED_ID}/deal-room`)).statusCode).toBe(403);
      const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
      expect(paths['/api/operations/{id}/deal-room'].get.deprecated).toBe(true);
      expect(paths['/api/operations/{id}/deal-room/notifications'].patch.deprecated).toBe(true);
      expect(paths['/api/operations/{id}/room'].get.deprecated).toBeUndefined();
    });

    it('lets the seller and admins in without an order of their own', async () => {
      const seller = ZOperationRoomResponse.parse((await get('seller', `/api/operations/${FEATURED_ID}/room`)).json());
      expect(seller).toMatchObject({ viewerRole: 'seller', order: null });
      const admin = ZOperationRoomResponse.parse((await get('admin', `/api/operations/${FEATURED_ID}/room`)).json());
      expect(admin).toMatchObject({ viewerRole: 'admin', order: null });
    });

    it('refuses a signed-in user with no part in the deal (403), an unknown id (404), a pending KYC (403)', async () => {
      const outsider = await get('outsider', `/api/operations/${FEATURED_ID}/room`);
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json().error.code).toBe('FORBIDDEN');
      const unknown = await get('buyer', `/api/operations/${UNKNOWN_ID}/room`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('OPERATION_NOT_FOUND');
      const pending = await get('pending', `/api/operations/${FEATURED_ID}/room`);
      expect(pending.statusCode).toBe(403);
      expect(pending.json().error.code).toBe('KYC_REQUIRED');
      const invalid = await get('buyer', '/api/operations/not-a-uuid/room');
      expect(invalid.statusCode).toBe(400);
    });

    it('lists recorded milestones with their dates, outcomes and whether a document is attached', async () => {
      const preparedAt = new Date('2026-03-02T10:00:00Z');
      const inspectedAt = new Date('2026-04-02T12:00:00Z');
      await t.db.insert(operationMilestones).values([
        { operationId: FEATURED_ID, kind: 'shipment_preparation', occurredAt: preparedAt },
        {
          operationId: FEATURED_ID,
          kind: 'inspection',
          occurredAt: inspectedAt,
          result: 'passed',
          documentKey: `operations/${FEATURED_ID}/inspection-test.pdf`,
          createdBy: demoUserId('inspector'),
        },
      ]);
      const room = ZOperationRoomResponse.parse((await get('buyer', `/api/operations/${FEATURED_ID}/room`)).json());
      expect(room.milestones).toEqual([
        {
          kind: 'shipment_preparation',
          occurredAt: preparedAt.toISOString(),
          result: null,
          hasDocument: false,
          recordedBy: null,
        },
        // Each step says which company recorded it.
        {
          kind: 'inspection',
          occurredAt: inspectedAt.toISOString(),
          result: 'passed',
          hasDocument: true,
          recordedBy: 'Inspecciones y Certificaciones Andinas S.A.',
        },
      ]);
      // The storage key itself never leaves the server.
      expect(JSON.stringify(room)).not.toContain('inspection-test.pdf');
      await t.db.delete(operationMilestones).where(eq(operationMilestones.operationId, FEATURED_ID));
    });
  });

  describe('PATCH /api/operations/:id/room/notifications', () => {
    const patch = (who: string, id: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/operations/${id}/room/notifications`,
        headers: as[who],
        payload,
      });

    it("turns the buyer's notifications off and on again", async () => {
      const off = await patch('buyer', FEATURED_ID, { enabled: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ notificationsEnabled: false });
      const [row] = await t.db
        .select({ enabled: orders.notificationsEnabled })
        .from(orders)
        .where(and(eq(orders.operationId, FEATURED_ID), eq(orders.userId, demoUserId('comprador'))));
      expect(row?.enabled).toBe(false);
      const room = ZOperationRoomResponse.parse((await get('buyer', `/api/operations/${FEATURED_ID}/room`)).json());
      expect(room.order?.notificationsEnabled).toBe(false);
      expect((await patch('buyer', FEATURED_ID, { enabled: true })).json()).toEqual({ notificationsEnabled: true });
    });

    it('refuses a caller without an order (403), bad input (400), an unknown operation (404)', async () => {
      expect((await patch('seller', FEATURED_ID, { enabled: false })).statusCode).toBe(403);
      expect((await patch('buyer', FEATURED_ID, { enabled: 'no' })).statusCode).toBe(400);
      expect((await patch('buyer', FEATURED_ID, {})).statusCode).toBe(400);
      expect((await patch('buyer', UNKNOWN_ID, { enabled: false })).statusCode).toBe(404);
    });
  });

  describe('messages', () => {
    const post = (who: string, body: unknown, id = FEATURED_ID) =>
      t.app.inject({ method: 'POST', url: `/api/operations/${id}/messages`, headers: as[who], payload: { body } });

    it('keeps a thread between the buyers, the seller and the platform, newest first', async () => {
      const buyer = await post('buyer', '  ¿Cuándo sale el contenedor?  ');
      expect(buyer.statusCode).toBe(201);
      expect(ZOperationRoomMessage.parse(buyer.json())).toMatchObject({
        body: '¿Cuándo sale el contenedor?',
        authorRole: 'participant',
        authorName: 'Carlos Rivas',
        isMine: true,
        isFromPlatform: false,
      });
      expect((await post('seller', 'En marzo, tras la asignación completa.')).statusCode).toBe(201);
      expect((await post('admin', 'Fondos en custodia confirmados.')).statusCode).toBe(201);

      const thread = ZOperationRoomMessagesResponse.parse(
        (await get('buyer', `/api/operations/${FEATURED_ID}/messages`)).json(),
      ).items;
      expect(thread.map((message) => [message.authorRole, message.authorName, message.isMine])).toEqual([
        ['platform', null, false],
        ['seller', 'Martín Olivera', false],
        ['participant', 'Carlos Rivas', true],
      ]);
      const sellerView = ZOperationRoomMessagesResponse.parse(
        (await get('seller', `/api/operations/${FEATURED_ID}/messages`)).json(),
      ).items;
      expect(sellerView.map((message) => message.isMine)).toEqual([false, true, false]);
    });

    it('refuses outsiders, empty and too long bodies, without writing anything', async () => {
      const before = ZOperationRoomMessagesResponse.parse(
        (await get('admin', `/api/operations/${FEATURED_ID}/messages`)).json(),
      ).total;
      expect((await get('outsider', `/api/operations/${FEATURED_ID}/messages`)).statusCode).toBe(403);
      expect((await post('outsider', 'hola')).statusCode).toBe(403);
      const empty = await post('buyer', '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.code).toBe('VALIDATION_FAILED');
      expect((await post('buyer', 'x'.repeat(MESSAGE_MAX_LENGTH + 1))).statusCode).toBe(400);
      expect((await post('buyer', 'x'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(201);
      const after = ZOperationRoomMessagesResponse.parse(
        (await get('admin', `/api/operations/${FEATURED_ID}/messages`)).json(),
      ).total;
      expect(after).toBe(before + 1);
    });

    it('rate-limits posting per user', async () => {
      await t.db.delete(rateLimits);
      for (let i = 0; i < RATE_LIMITS.operationRoomMessage.points; i += 1) {
        expect((await post('seller', `mensaje ${i}`)).statusCode).toBe(201);
      }
      const limited = await post('seller', 'uno más');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      // Another user is not affected.
      expect((await post('admin', 'aviso')).statusCode).toBe(201);
    });

    it('pages the thread newest first: the next pages hold every earlier message once, the total all of them', async () => {
      const operation = await createOpenOperation(t.db);
      // 130 messages, more than one page (the limit's maximum is 100); 40 of them in one instant, so
      // the id breaks the tie.
      const start = Date.now() - 3_600_000;
      await t.db.insert(messages).values(
        Array.from({ length: 130 }, (_, index) => ({
          operationId: operation.id,
          authorId: demoUserId('vendedor'),
          body: `mensaje ${index}`,
          createdAt: new Date(start + (index < 40 ? 0 : index * 1000)),
        })),
      );
      const url = `/api/operations/${operation.id}/messages`;
      const first = ZOperationRoomMessagesResponse.parse((await get('seller', `${url}?limit=50`)).json());
      expect(first.items).toHaveLength(50);
      expect(first.items[0]!.body).toBe('mensaje 129');
      expect(first.total).toBe(130);
      expect(first.nextCursor).not.toBeNull();

      const rest = await readAllPages<{ id: string; body: string; createdAt: string }>(
        t.app,
        `${url}?limit=50`,
        as.seller!,
        first.nextCursor,
      );
      expect(rest.pages).toBe(2);
      const seen = [...first.items, ...rest.items];
      expect(new Set(seen.map((message) => message.id)).size).toBe(130);
      const times = seen.map((message) => Date.parse(message.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(seen.at(-1)!.createdAt).toBe(new Date(start).toISOString());
      // The first page without a limit holds the latest 50 (the shared default).
      expect(ZOperationRoomMessagesResponse.parse((await get('seller', url)).json()).items).toHaveLength(50);
      expect((await get('seller', `${url}?cursor=nope`)).statusCode).toBe(400);
    });
  });
});

describe('operation room access ends with an unpaid order', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let seller: Record<string, string>;
  let buyers: ApprovedBuyer[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    seller = await signIn(t, 'vendedor@tradeops.demo');
    buyers = await createApprovedBuyers(t, 4, 'room');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every operation-room route as `headers`: the room, the thread, a post, the notifications toggle. */
  async function roomStatuses(headers: Record<string, string>, operationId: string) {
    const base = `/api/operations/${operationId}`;
    const room = await t.app.inject({ method: 'GET', url: `${base}/room`, headers });
    const thread = await t.app.inject({ method: 'GET', url: `${base}/messages`, headers });
    const post = await t.app.inject({ method: 'POST', url: `${base}/messages`, headers, payload: { body: 'hola' } });
    const toggle = await t.app.inject({
      method: 'PATCH',
      url: `${base}/room/notifications`,
      headers,
      payload: { enabled: false },
    });
    return { room: room.statusCode, thread: thread.statusCode, post: post.statusCode, toggle: toggle.statusCode };
  }

  it('refuses a buyer who ordered and cancelled without paying: no reading, no posting (403), nothing written', async () => {
    const operation = await createOpenOperation(t.db);
    const buyer = buyers[0]!;
    const { id: orderId } = await placeOrder(t.app, buyer.headers, operation.id, 5);
    expect(await roomStatuses(buyer.headers, operation.id)).toEqual({ room: 200, thread: 200, post: 201, toggle: 200 });

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: buyer.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const before = await t.db.select().from(messages).where(eq(messages.operationId, operation.id));
    expect(await roomStatuses(buyer.headers, operation.id)).toEqual({ room: 403, thread: 403, post: 403, toggle: 403 });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${operation.id}/messages`,
      headers: buyer.headers,
    });
    expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const after = await t.db.select().from(messages).where(eq(messages.operationId, operation.id));
    expect(after).toHaveLength(before.length);

    // The seller and admins keep the room.
    expect((await roomStatuses(seller, operation.id)).thread).toBe(200);
    expect((await roomStatuses(admin, operation.id)).thread).toBe(200);
    expect((await roomStatuses(seller, operation.id)).post).toBe(201);
  });

  it('refuses a buyer whose unpaid order expired', async () => {
    const operation = await createOpenOperation(t.db);
    const buyer = buyers[1]!;
    const { id: orderId } = await placeOrder(t.app, buyer.headers, operation.id, 5);
    const [row] = await t.db.select({ expiresAt: orders.expiresAt }).from(orders).where(eq(orders.id, orderId));
    expect(await expireDueOrders(t.db, t.app.jobs, new Date(row!.expiresAt!.getTime() + 1000))).toBeGreaterThan(0);
    const statuses = await roomStatuses(buyer.headers, operation.id);
    expect(statuses).toEqual({ room: 403, thread: 403, post: 403, toggle: 403 });
  });

  it('keeps the room for a buyer who paid, even after the operation was cancelled and refunded', async () => {
    const operation = await createOpenOperation(t.db);
    const paid = buyers[2]!;
    const unpaid = buyers[3]!;
    const { id: orderId } = await placeOrder(t.app, paid.headers, operation.id, 5);
    await placeOrder(t.app, unpaid.headers, operation.id, 5);
    const body = multipartBody('transferencia.pdf', PDF_BYTES);
    const proof = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/proof`,
      headers: { ...paid.headers, ...body.headers },
      payload: body.payload,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    const queue = await readAllPages<{ id: string; proofRevision?: number }>(t.app, '/api/admin/payments', admin);
    const item = queue.items.find((entry) => entry.id === orderId);
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${orderId}/confirm`,
      headers: admin,
      payload: item?.proofRevision === undefined ? {} : { proofRevision: item.proofRevision },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/operations/${operation.id}/cancel`,
      headers: admin,
      payload: { reason: 'El exportador no consiguió el certificado sanitario.' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [ended] = await t.db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(ended).toEqual({ status: 'cancelled', paymentStatus: 'confirmed' });

    const statuses = await roomStatuses(paid.headers, operation.id);
    expect(statuses).toMatchObject({ room: 200, thread: 200, post: 201 });
    // The buyer whose unpaid order ended with the operation is out.
    expect((await roomStatuses(unpaid.headers, operation.id)).thread).toBe(403);
  });
});
