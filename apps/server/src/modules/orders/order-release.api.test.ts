import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '@tradeops/shared';
import { auditLog, emailOutbox, notifications, orders } from '../../db/schema';
import { type ApprovedBuyer, createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, getTonnage, placeOrder } from '../../test/deals';
import { type TestApp, createTestApp } from '../../test/test-app';
import { expireDueOrders } from './order-release.service';

describe('order hold, expiry and cancel', () => {
  let t: TestApp;
  let buyers: ApprovedBuyer[];
  beforeAll(async () => {
    t = await createTestApp();
    buyers = await createApprovedBuyers(t, 3, 'hold');
  });
  afterAll(async () => t.close());

  async function order(id: string) {
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    return row!;
  }

  async function countNotifications(userId: string, type: string) {
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
    return rows.length;
  }

  async function countAudits(entityId: string, action: string) {
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
    return rows.length;
  }

  it('expires an unpaid order once its hold has passed: tons freed, allocated → active, buyer told, audited', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 20 });
    const a = await placeOrder(t.app, buyers[0]!.headers, operation.id, 15);
    const b = await placeOrder(t.app, buyers[1]!.headers, operation.id, 5);
    expect(await getTonnage(t.db, operation.id)).toMatchObject({ allocated: 20, status: 'allocated' });
    const expiresAt = new Date((await order(a.id)).expiresAt!);
    // 72 h by default (platform setting order_hold_hours).
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * HOUR_MS);

    // Just before the hold ends: nothing happens.
    expect(await expireDueOrders(t.db, t.app.jobs, new Date(expiresAt.getTime() - 1000))).toBe(0);
    const sweptAt = new Date(expiresAt.getTime() + 60_000);
    const expired = await expireDueOrders(t.db, t.app.jobs, sweptAt);
    expect(expired).toBeGreaterThanOrEqual(2); // both orders of this test (and nothing twice)

    const row = await order(a.id);
    expect(row).toMatchObject({ status: 'expired', endedReason: 'hold_expired' });
    expect(row.endedAt?.getTime()).toBe(sweptAt.getTime());
    expect((await order(b.id)).status).toBe('expired');
    expect(await getTonnage(t.db, operation.id)).toMatchObject({ allocated: 0, orderTons: 0, status: 'active' });

    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyers[0]!.userId), eq(notifications.type, 'order.expired')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.data).toMatchObject({
      operationId: operation.id,
      tons: 15,
      operationTitle: 'Operación de prueba',
    });
    expect(await countAudits(a.id, 'order.expired')).toBe(1);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyers[0]!.email));
    expect(mails.some((mail) => mail.subject === 'TradeOps: tu pedido venció')).toBe(true);

    // A second sweep (a retried job, another instance) changes nothing.
    expect(await expireDueOrders(t.db, t.app.jobs, new Date(sweptAt.getTime() + 60_000))).toBe(0);
    expect(await countNotifications(buyers[0]!.userId, 'order.expired')).toBe(1);
  });

  it('does not expire a proof under review or a confirmed payment; a rejected proof gets 24 h after the rejection', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 20 });
    const inReview = await placeOrder(t.app, buyers[0]!.headers, operation.id, 5);
    const rejected = await placeOrder(t.app, buyers[1]!.headers, operation.id, 5);
    const now = Date.now();
    await t.db
      .update(orders)
      .set({ paymentStatus: 'verification', paymentProofPath: 'x/proof.pdf', proofUploadedAt: new Date(now) })
      .where(eq(orders.id, inReview.id));
    await t.db
      .update(orders)
      .set({
        paymentStatus: 'rejected',
        paymentRejectedReason: 'ilegible',
        paymentReviewedAt: new Date(now + 80 * HOUR_MS),
      })
      .where(eq(orders.id, rejected.id));

    // 90 h later: the hold (72 h) is over, but the rejection is only 10 h old.
    await expireDueOrders(t.db, t.app.jobs, new Date(now + 90 * HOUR_MS));
    expect((await order(inReview.id)).status).toBe('active');
    expect((await order(rejected.id)).status).toBe('active');
    await expireDueOrders(t.db, t.app.jobs, new Date(now + 105 * HOUR_MS));
    expect((await order(inReview.id)).status).toBe('active');
    expect(await order(rejected.id)).toMatchObject({ status: 'expired', endedReason: 'hold_expired' });
    expect(await getTonnage(t.db, operation.id)).toMatchObject({ allocated: 5, orderTons: 5 });
  });

  it('lets a buyer cancel their own unpaid order, freeing its tons, and nobody else’s', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 20 });
    const mine = await placeOrder(t.app, buyers[2]!.headers, operation.id, 10);
    const url = `/api/orders/${mine.id}/cancel`;

    const stranger = await t.app.inject({ method: 'POST', url, headers: buyers[0]!.headers });
    expect(stranger.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url, headers: { origin: 'http://localhost:80' } });
    expect(anonymous.statusCode).toBe(401);

    const response = await t.app.inject({ method: 'POST', url, headers: buyers[2]!.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: mine.id, status: 'cancelled', endedReason: 'cancelled_by_buyer' });
    expect(await getTonnage(t.db, operation.id)).toMatchObject({ allocated: 0, orderTons: 0 });
    expect(await countNotifications(buyers[2]!.userId, 'order.cancelled')).toBe(1);

    // Twice: nothing left to cancel (and the tons are not freed twice).
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...buyers[2]!.headers, 'accept-language': 'en' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE' });
    expect(again.json().error.message).toMatch(/can no longer be cancelled/);
    expect(await getTonnage(t.db, operation.id)).toMatchObject({ allocated: 0 });
  });

  it('refuses to cancel an order whose proof is under review', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 20 });
    const mine = await placeOrder(t.app, buyers[2]!.headers, operation.id, 5);
    await t.db
      .update(orders)
      .set({ paymentStatus: 'verification', paymentProofPath: 'x/proof.pdf' })
      .where(eq(orders.id, mine.id));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${mine.id}/cancel`,
      headers: buyers[2]!.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(await getTonnage(t.db, operation.id)).toMatchObject({ allocated: 5, orderTons: 5 });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/orders/not-a-uuid/cancel`,
      headers: buyers[2]!.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
