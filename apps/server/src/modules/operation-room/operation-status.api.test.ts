import { ZOperationRoomResponse, NOTHING_OUTSTANDING } from '@tradeops/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, notifications } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { type ApprovedBuyer, createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, placeOrder } from '../../test/deals';
import { PDF_BYTES, multipartBody } from '../../test/kyc-files';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';

describe('a deal that fills and is funded', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const sellerId = demoUserId('vendedor');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
  });
  afterAll(async () => t?.close());

  /** Each case its own deal: 20 t at $1,000/t and two buyers of its own (the first takes 10, the second the last 10). */
  const newDeal = async (prefix: string) => {
    const [first, second] = await createApprovedBuyers(t, 2, prefix);
    const operation = await createOpenOperation(t.db);
    return { first: first!, second: second!, operationId: operation.id, deadline: operation.deadline! };
  };
  const room = async (operationId: string, headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/operations/${operationId}/room`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return ZOperationRoomResponse.parse(response.json());
  };
  const pay = async (buyer: ApprovedBuyer, orderId: string) => {
    const form = multipartBody('comprobante.pdf', PDF_BYTES);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/proof`,
      headers: { ...buyer.headers, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${orderId}/confirm`,
      headers: admin,
      payload: { proofRevision: 1 },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
  };
  /** The first buyer's 10 t, ordered and paid: the deal half reserved, nothing unpaid. */
  const firstPaid = async (prefix: string) => {
    const deal = await newDeal(prefix);
    const order = await placeOrder(t.app, deal.first.headers, deal.operationId, 10);
    await pay(deal.first, order.id);
    return deal;
  };
  const noticesOf = async (operationId: string, type: string) =>
    t.db
      .select({ userId: notifications.userId, data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.type, type), sql`${notifications.data}->>'operationId' = ${operationId}`));

  it('says what an open deal still needs: tons to reserve before its deadline, nothing unpaid', async () => {
    const { first, operationId, deadline } = await newDeal('deal-open');
    const order = await placeOrder(t.app, first.headers, operationId, 10);
    let view = await room(operationId, first.headers);
    expect(view.outstanding).toEqual({
      openTons: 10,
      fillBy: deadline.toISOString(),
      unpaidTons: 10,
      unpaidAmountCents: 1_000_000,
      nextHoldExpiry: order.expiresAt,
      mine: { unpaidTons: 10, unpaidAmountCents: 1_000_000, expiresAt: order.expiresAt },
    });
    await pay(first, order.id);
    view = await room(operationId, first.headers);
    expect(view.outstanding).toEqual({
      openTons: 10,
      fillBy: deadline.toISOString(),
      unpaidTons: 0,
      unpaidAmountCents: 0,
      nextHoldExpiry: null,
      mine: null,
    });
    expect(await noticesOf(operationId, 'deal.allocated')).toEqual([]);
  });

  it('tells both buyers and the seller when an unpaid order fills it, and shows each what is unpaid', async () => {
    const { first, second, operationId } = await firstPaid('deal-filled');
    const order = await placeOrder(t.app, second.headers, operationId, 10);
    const firstView = await room(operationId, first.headers);
    expect(firstView.operation.status).toBe('allocated');
    expect(firstView.outstanding).toEqual({
      openTons: 0,
      fillBy: null,
      unpaidTons: 10,
      unpaidAmountCents: 1_000_000,
      nextHoldExpiry: order.expiresAt,
      mine: null,
    });
    const secondView = await room(operationId, second.headers);
    expect(secondView.outstanding.mine).toEqual({
      unpaidTons: 10,
      unpaidAmountCents: 1_000_000,
      expiresAt: order.expiresAt,
    });

    const filled = await noticesOf(operationId, 'deal.allocated');
    expect(filled.map((n) => n.userId).sort()).toEqual([first.userId, second.userId, sellerId].sort());
    for (const notice of filled) expect(notice.data).toMatchObject({ operationId, totalTons: 20, unpaidTons: 10 });
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'deal.allocated'), eq(emailOutbox.to, first.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Faltan por pagar 10 t');
    expect(mails[0]!.actionPath).toBe(`/operation/${operationId}/waiting`);
    expect(await noticesOf(operationId, 'deal.funded')).toEqual([]);
  });

  it('tells them when the last reserved ton is paid (funded), and nothing is missing any more', async () => {
    const { first, second, operationId } = await firstPaid('deal-funded');
    const order = await placeOrder(t.app, second.headers, operationId, 10);
    await pay(second, order.id);
    const view = await room(operationId, first.headers);
    expect(view.operation.status).toBe('funded');
    expect(view.outstanding).toEqual(NOTHING_OUTSTANDING);
    const funded = await noticesOf(operationId, 'deal.funded');
    expect(funded.map((n) => n.userId).sort()).toEqual([first.userId, second.userId, sellerId].sort());
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'deal.funded'), eq(emailOutbox.to, second.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('retenidas en escrow');
  });
});
