import {
  type AdminDashboardResponse,
  type BuyerDashboardResponse,
  type SellerDashboardResponse,
} from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_OPERATION_KEY, demoOperationId, demoOrderId } from '../../seed/demo-operations';
import { selectRows } from '../../db/client';
import { demoUserId } from '../../seed/demo-accounts';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string, email: string): Promise<{ status: number; body: T }> {
  const headers = await signIn(t, email);
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() as T };
}

describe('dashboards', () => {
  it('buyer: KPIs from buyer_kpis and the orders with payment and escrow state', async () => {
    const { status, body } = await get<BuyerDashboardResponse>('/api/buyer/dashboard', 'comprador@tradeops.demo');
    expect(status).toBe(200);
    expect(body.kpis).toEqual({ activeOps: 1, totalVolume: 5, completedOps: 0 });
    expect(body.orders).toHaveLength(1);
    expect(body.orders[0]).toMatchObject({
      id: demoOrderId('featured-comprador'),
      operationId: demoOperationId(FEATURED_OPERATION_KEY),
      operationTitle: 'Leche en polvo regular',
      volume: 5,
      paymentStatus: 'confirmed',
      escrowState: 'held',
      escrowHeldCents: 5 * 430_000,
    });
  });

  it('buyer and seller: a funded or disputed deal is still in progress (migration 0014)', async () => {
    const featured = demoOperationId(FEATURED_OPERATION_KEY);
    const rows = async () =>
      selectRows<{ buyer: number; seller: number }>(
        t.db,
        sql`select
          (select active_ops from buyer_kpis where user_id = ${demoUserId('comprador')}) as buyer,
          (select active_offers from seller_kpis where seller_id = ${demoUserId('vendedor')}) as seller`,
      );
    const [before] = await rows();
    for (const status of ['funded', 'disputed'] as const) {
      await t.db.execute(sql`update operations set status = ${status} where id = ${featured}`);
      expect((await rows())[0]).toEqual(before);
    }
    await t.db.execute(sql`update operations set status = 'active' where id = ${featured}`);
    expect(before!.buyer).toBe(1);
  });

  it('buyer: a company with nothing yet sees zeros and an empty list', async () => {
    const { status, body } = await get<BuyerDashboardResponse>('/api/buyer/dashboard', 'vendedor@tradeops.demo');
    expect(status).toBe(200);
    expect(body).toEqual({ kpis: { activeOps: 0, totalVolume: 0, completedOps: 0 }, orders: [], ordersTotal: 0 });
  });

  it('seller: KPIs from seller_kpis and every offer with allocation and escrow held', async () => {
    const { status, body } = await get<SellerDashboardResponse>('/api/seller/dashboard', 'vendedor@tradeops.demo');
    expect(status).toBe(200);
    expect(body.kpis.activeOffers).toBeGreaterThan(0);
    expect(body.kpis.listedVolume).toBeGreaterThan(0);
    expect(body.kpis.completedOffers).toBe(0);
    const featured = body.offers.find((offer) => offer.id === demoOperationId(FEATURED_OPERATION_KEY));
    expect(featured).toMatchObject({ allocatedTons: 10, totalTons: 25, escrowHeldCents: 2 * 5 * 430_000 });
    // The buyer is not a seller.
    expect((await get('/api/seller/dashboard', 'comprador@tradeops.demo')).status).toBe(403);
  });

  it('admin: queue counts, escrow held, this month’s volume and the charts’ series', async () => {
    const { status, body } = await get<AdminDashboardResponse>('/api/admin/dashboard', 'admin@tradeops.demo');
    expect(status).toBe(200);
    expect(body.kpis.escrowHeldCents).toBe(2 * 5 * 430_000);
    expect(body.kpis.paymentsToVerify).toBe(0);
    // The figure is the payment queue's own count: the two never disagree.
    const queue = await get<{ total: number }>('/api/admin/payments', 'admin@tradeops.demo');
    expect(body.kpis.paymentsToVerify).toBe(queue.body.total);
    expect(body.kpis.operationsAwaitingApproval).toBeGreaterThanOrEqual(0);
    expect(body.volumeByMonth).toHaveLength(6);
    const months = body.volumeByMonth.map((row) => row.month);
    expect([...months].sort()).toEqual(months);
    expect(body.volumeByMonth.reduce((sum, row) => sum + row.tons, 0)).toBe(10);
    expect(body.allocation.find((row) => row.id === demoOperationId(FEATURED_OPERATION_KEY))).toMatchObject({
      allocatedTons: 10,
      totalTons: 25,
    });
    expect((await get('/api/admin/dashboard', 'vendedor@tradeops.demo')).status).toBe(403);
  });
});

describe('spec §8: a figure that fails falls back to zeros, the rest still shows', () => {
  it('answers zero KPIs when the views cannot be read', async () => {
    // Last in this file: the views are gone from this scratch database afterwards.
    await t.db.execute(sql`drop view seller_kpis`);
    await t.db.execute(sql`drop view buyer_kpis`);
    const seller = await get<SellerDashboardResponse>('/api/seller/dashboard', 'vendedor@tradeops.demo');
    expect(seller.status).toBe(200);
    expect(seller.body.kpis).toEqual({ activeOffers: 0, listedVolume: 0, completedOffers: 0 });
    expect(seller.body.offers.length).toBeGreaterThan(0);
    const buyer = await get<BuyerDashboardResponse>('/api/buyer/dashboard', 'comprador@tradeops.demo');
    expect(buyer.status).toBe(200);
    expect(buyer.body.kpis).toEqual({ activeOps: 0, totalVolume: 0, completedOps: 0 });
    expect(buyer.body.orders).toHaveLength(1);
  });
});
