import { type SellerOffer, encodeCursor } from '@tradeops/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../db/schema';
import { demoUserId } from '../../db/seed/demo-accounts';
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
});
