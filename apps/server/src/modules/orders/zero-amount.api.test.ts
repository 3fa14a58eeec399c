import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, orders, operations } from '../../db/schema';
import { createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, getTonnage, requestOrder } from '../../test/deals';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { expireDueOrders } from './order-release.service';

/**
 * An operation stored at 0 ¢ a ton before prices had a floor (an offer of $1e-9 was rounded to 0
 * and approved). Confirming its payment answered 500 — a deposit of nothing has no ledger entries
 * to write — and the order stayed in verification holding its tons. It must refuse clearly and let
 * the order end: rejected then cancelled, or expired, and the operation cancelled. The price floor's
 * CHECK is dropped here to store such a row, as a database from before the rule holds it.
 */
describe('an operation stored at a zero price', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let buyer: { userId: string; headers: Record<string, string> };
  let operationId: string;

  async function insertOrder(values: Partial<typeof orders.$inferInsert>): Promise<string> {
    const id = randomUUID();
    await t.db.insert(orders).values({
      id,
      operationId,
      userId: buyer.userId,
      volume: 5,
      amountCents: 0,
      paymentMethod: 'wire',
      paymentStatus: 'pending',
      status: 'active',
      paymentReference: `ZERO-${id.slice(0, 8)}`,
      expiresAt: new Date(Date.now() + 72 * 3_600_000),
      ...values,
    });
    await t.db
      .update(operations)
      .set({ allocatedTons: sql`${operations.allocatedTons} + 5` })
      .where(eq(operations.id, operationId));
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    buyer = (await createApprovedBuyers(t, 1, 'zero'))[0]!;
    await t.db.execute(sql`alter table operations drop constraint operations_price_check`);
    operationId = (await createOpenOperation(t.db, { pricePerTonCents: 0, totalTons: 20 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses to confirm a $0 payment with a clear 409 and changes nothing; the proof can be rejected and the order cancelled', async () => {
    const orderId = await insertOrder({ paymentStatus: 'verification', proofUploadedAt: new Date(), proofRevision: 1 });
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${orderId}/confirm`,
      headers: { ...admin, 'accept-language': 'en' },
      payload: { proofRevision: 1 },
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({
      error: {
        code: 'PAYMENT_AMOUNT_INVALID',
        message:
          "This order's amount is $0, so its payment cannot be confirmed. Reject the proof or cancel the operation.",
      },
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentStatus: 'verification', status: 'active', confirmedAt: null });
    expect(await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.orderId, orderId))).toEqual([]);

    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${orderId}/reject`,
      headers: admin,
      payload: { reason: 'El monto de la orden es $0.', proofRevision: 1 },
    });
    expect(reject.statusCode).toBe(200);
    const before = await getTonnage(t.db, operationId);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: buyer.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await getTonnage(t.db, operationId)).allocated).toBe(before.allocated - 5);
  });

  it('lets an unpaid order on it expire at the end of its hold, freeing its tons', async () => {
    const orderId = await insertOrder({ expiresAt: new Date(Date.now() - 1000) });
    const before = await getTonnage(t.db, operationId);
    expect(await expireDueOrders(t.db, t.app.jobs, new Date())).toBeGreaterThanOrEqual(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('expired');
    expect((await getTonnage(t.db, operationId)).allocated).toBe(before.allocated - 5);
  });

  it('takes no new order: a free deal is closed', async () => {
    const response = await requestOrder(t.app, buyer.headers, operationId, { volume: 5 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'ORDER_CLOSED' } });
    const form = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${operationId}/order-form`,
      headers: buyer.headers,
    });
    expect(form.json()).toMatchObject({ closedReason: 'closed' });
  });

  it('can be cancelled by an admin with its live orders', async () => {
    const orderId = await insertOrder({ paymentStatus: 'verification', proofUploadedAt: new Date() });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/operations/${operationId}/cancel`,
      headers: admin,
      payload: { reason: 'Precio por tonelada de $0.' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [operation] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    expect(operation).toMatchObject({ status: 'cancelled', allocatedTons: 0 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('cancelled');
  });
});
