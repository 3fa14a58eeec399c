import { type BuyerDashboardResponse, type BuyerOrdersResponse, PAGE_LIMIT_DEFAULT } from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_OPERATION_KEY, demoOperationId, demoOrderId } from '../../seed/demo-operations';
import { demoUserId } from '../../seed/demo-accounts';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';

/* Issue 25: the buyer's orders page through all of them; the dashboard stopped at 100 without a word. */

let t: TestApp;
const HISTORY = 130;
beforeAll(async () => {
  t = await createTestApp();
  // A long history: 130 ended orders on the featured deal, ten of them sharing one instant (the
  // cursor's tie-break on id), all older than the buyer's live order.
  await t.db.execute(sql`
    insert into orders (operation_id, user_id, volume, amount_cents, payment_method, payment_status, status,
      payment_reference, ended_reason, ended_at, created_at)
    select ${demoOperationId(FEATURED_OPERATION_KEY)}, ${demoUserId('comprador')}, 1, 430000, 'wire', 'pending',
      'cancelled', 'HIST-' || n, 'cancelled', now() - interval '1 day',
      case when n <= 10 then timestamptz '2026-01-01T00:00:00Z'
           else timestamptz '2026-01-01T00:00:00Z' - n * interval '1 hour' end
    from generate_series(1, ${HISTORY}) as n`);
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string, email = 'comprador@tradeops.demo') {
  const response = await t.app.inject({ method: 'GET', url, headers: await signIn(t, email) });
  return { status: response.statusCode, body: response.json() as T };
}

describe('GET /api/buyer/orders', () => {
  it('pages through every order, newest first, each once, with the total', async () => {
    const seen: BuyerOrdersResponse['items'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=50&cursor=${encodeURIComponent(cursor)}` : '?limit=50';
      const { status, body } = await get<BuyerOrdersResponse>(`/api/buyer/orders${query}`);
      expect(status).toBe(200);
      expect(body.total).toBe(HISTORY + 1);
      seen.push(...body.items);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(HISTORY + 1);
    expect(new Set(seen.map((order) => order.id)).size).toBe(HISTORY + 1);
    // The live order first (newest), then the history, newest first.
    expect(seen[0]).toMatchObject({ id: demoOrderId('featured-comprador'), escrowState: 'held', status: 'active' });
    const times = seen.map((order) => order.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(seen.at(-1)).toMatchObject({ status: 'cancelled', escrowState: 'none' });
  });

  it('shows another buyer none of them, and refuses a malformed cursor with a 400', async () => {
    const other = await get<BuyerOrdersResponse>('/api/buyer/orders', 'admin@tradeops.demo');
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ items: [], nextCursor: null, total: 0 });
    expect((await get('/api/buyer/orders?cursor=not-a-cursor')).status).toBe(400);
    expect((await get('/api/buyer/orders?limit=100000')).status).toBe(400);
  });

  it('the dashboard shows the newest page and how many orders there are in all', async () => {
    const { status, body } = await get<BuyerDashboardResponse>('/api/buyer/dashboard');
    expect(status).toBe(200);
    expect(body.ordersTotal).toBe(HISTORY + 1);
    expect(body.orders).toHaveLength(PAGE_LIMIT_DEFAULT);
    expect(body.orders[0]!.id).toBe(demoOrderId('featured-comprador'));
  });
});
