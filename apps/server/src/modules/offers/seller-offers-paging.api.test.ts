import { type OfferParticipant, type SellerOffer, encodeCursor } from '@tradeops/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { operations, orders } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { createOpenOperation } from '../../test/deals';
import { readAllPages } from '../../test/pages';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';

/**
 * The seller's offers (GET /api/offers/mine) page with the shared cursor: every offer exactly once,
 * newest first, the total with every page (no cap of 200 any more), a foreign cursor refused.
 */
describe('the seller’s offers, a page at a time', () => {
  let t: TestApp;
  let seller: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await signIn(t, 'vendedor@tradeops.demo');
  });
  afterAll(async () => {
    await t.close();
  });

  async function sellerOfferCount(): Promise<number> {
    const [row] = await t.db
      .select({ n: count() })
      .from(operations)
      .where(eq(operations.sellerId, demoUserId('vendedor')));
    return row!.n;
  }

  it('walks every offer exactly once, newest first, with the total, ties on the same instant broken by id', async () => {
    // Several offers in the same instant: the id breaks the tie, none is skipped or shown twice.
    const at = new Date();
    const mine: string[] = [];
    for (let index = 0; index < 5; index += 1) mine.push((await createOpenOperation(t.db, { createdAt: at })).id);

    const first = await t.app.inject({ method: 'GET', url: '/api/offers/mine?limit=2', headers: seller });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as { items: SellerOffer[]; nextCursor: string | null; total: number };
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(await sellerOfferCount());

    const rest = await readAllPages<SellerOffer>(t.app, '/api/offers/mine?limit=2', seller, page.nextCursor);
    const seen = [...page.items, ...rest.items];
    const ids = seen.map((offer) => offer.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(page.total);
    for (const id of mine) expect(ids).toContain(id);
    const times = seen.map((offer) => Date.parse(offer.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a cursor it did not make, with the reason in the reader’s language', async () => {
    for (const cursor of ['not a cursor', encodeCursor({ at: '2026-01-01T00:00:00.000Z', id: 'x' })]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/offers/mine?cursor=${encodeURIComponent(cursor)}`,
        headers: { ...seller, 'accept-language': 'es' },
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { cursor: expect.stringMatching(/cursor de la página/i) } },
      });
    }
  });

  it('pages an offer’s orders in the order they were placed, with their escrow state and how many there are', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 500, maxPerParticipantTons: 500 });
    const at = new Date(Date.now() - 60_000);
    // Seven orders, more than one page of three; four placed in the same instant (the id breaks the tie).
    const placed = await t.db
      .insert(orders)
      .values(
        Array.from({ length: 7 }, (_, index) => ({
          operationId: operation.id,
          userId: demoUserId(index % 2 === 0 ? 'comprador' : 'importadora-andina'),
          volume: 5,
          amountCents: 500_000,
          paymentMethod: 'wire' as const,
          paymentStatus: index === 6 ? ('confirmed' as const) : ('pending' as const),
          paymentReference: `TO-PAGE-${operation.id.slice(0, 8)}-${index}`.toUpperCase(),
          status: index === 5 ? ('cancelled' as const) : ('active' as const),
          endedReason: index === 5 ? ('cancelled_by_buyer' as const) : null,
          endedAt: index === 5 ? new Date() : null,
          createdAt: new Date(at.getTime() + (index < 4 ? 0 : index * 1000)),
        })),
      )
      .returning({ id: orders.id });
    // The last order's money is in escrow.
    await t.db.transaction((tx) =>
      selectRows(
        tx,
        sql`with t as (insert into ledger_transfers (kind, operation_id, order_id)
                       values ('deposit', ${operation.id}, ${placed[6]!.id}) returning id)
            insert into ledger_entries (transfer_id, account, amount_cents)
            select t.id, a.account, a.amount from t,
              (values (${`buyer:${demoUserId('comprador')}`}, -500000::bigint),
                      (${`escrow:${operation.id}`}, 500000::bigint)) as a(account, amount)`,
      ),
    );

    const url = `/api/offers/${operation.id}/participants?limit=3`;
    const first = await t.app.inject({ method: 'GET', url, headers: seller });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as { items: OfferParticipant[]; nextCursor: string | null; total: number };
    expect(page.items).toHaveLength(3);
    expect(page.total).toBe(7);
    const rest = await readAllPages<OfferParticipant>(t.app, url, seller, page.nextCursor);
    expect(rest.pages).toBe(2);
    const seen = [...page.items, ...rest.items];
    expect(new Set(seen.map((order) => order.id)).size).toBe(7);
    expect(new Set(seen.map((order) => order.id))).toEqual(new Set(placed.map((order) => order.id)));
    const times = seen.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ id: placed[6]!.id, paymentStatus: 'confirmed', escrowState: 'held' });
    expect(seen.find((order) => order.id === placed[5]!.id)).toMatchObject({
      status: 'cancelled',
      escrowState: 'none',
    });

    const buyer = await signIn(t, 'comprador@tradeops.demo');
    expect((await t.app.inject({ method: 'GET', url, headers: buyer })).statusCode).toBe(403);
  });
});
