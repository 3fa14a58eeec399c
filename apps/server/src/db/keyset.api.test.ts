import { encodeCursor } from '@tradeops/shared';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from './schema';
import { createApprovedBuyers } from '../test/buyers';
import { createOpenOperation, placeOrder } from '../test/deals';
import { readAllPages } from '../test/pages';
import { type TestApp, createTestApp, signIn } from '../test/test-app';

/**
 * The keyset pages of a queue (the payments queue stands for all: one helper, db/keyset.ts, and
 * one schema, ZPageQuery / zPage): every row exactly once while rows arrive between pages, the
 * total waiting with every page, and a cursor the API did not make refused in the reader's language.
 */
describe('paging a queue with a cursor', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let operationId: string;

  /** `count` orders whose proofs now wait for verification: their ids. */
  async function waitingProofs(count: number): Promise<string[]> {
    const buyers = await createApprovedBuyers(t, count, 'paging');
    const ids: string[] = [];
    for (const buyer of buyers) ids.push((await placeOrder(t.app, buyer.headers, operationId, 5)).id);
    await t.db
      .update(orders)
      .set({
        paymentStatus: 'verification',
        proofUploadedAt: sql`now()`,
        paymentProofPath: sql`${orders.userId} || '/proof.pdf'`,
      })
      .where(inArray(orders.id, ids));
    return ids;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    operationId = (await createOpenOperation(t.db, { totalTons: 500 })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('walks every waiting proof exactly once, oldest first, while new ones arrive between pages', async () => {
    const before = await waitingProofs(7);
    const first = await t.app.inject({ method: 'GET', url: '/api/admin/payments?limit=3', headers: admin });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as { items: { id: string }[]; nextCursor: string | null; total: number };
    expect(page.items).toHaveLength(3);
    expect(page.nextCursor).toEqual(expect.any(String));
    const totalBefore = page.total;
    expect(totalBefore).toBeGreaterThanOrEqual(7);

    // Rows arrive while the admin works through the pages.
    const arrived = await waitingProofs(2);
    const rest = await readAllPages<{ id: string; proofUploadedAt: string }>(
      t.app,
      '/api/admin/payments?limit=3',
      admin,
      page.nextCursor,
    );
    const seen = [...page.items.map((item) => item.id), ...rest.items.map((item) => item.id)];
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of [...before, ...arrived]) expect(seen).toContain(id);
    expect(rest.total).toBe(totalBefore + 2);
    expect(seen).toHaveLength(totalBefore + 2);
    const times = rest.items.map((item) => Date.parse(item.proofUploadedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('refuses a cursor it did not make, with the reason in the reader’s language', async () => {
    for (const cursor of [
      'not a cursor',
      'bm90LWpzb24',
      encodeCursor({ at: '2026-01-01T00:00:00.000Z', id: 'not-a-uuid' }),
      'A'.repeat(400),
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/payments?cursor=${encodeURIComponent(cursor)}`,
        headers: { ...admin, 'accept-language': 'en' },
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          fields: { cursor: 'The page cursor is not valid: go back to the first page.' },
        },
      });
    }
    const tooMany = await t.app.inject({ method: 'GET', url: '/api/admin/payments?limit=1000', headers: admin });
    expect(tooMany.statusCode).toBe(400);
  });
});
