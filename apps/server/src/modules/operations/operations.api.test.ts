import { type ListOperationsResponse } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../db/schema';
import { DEMO_OPERATIONS, FEATURED_OPERATION_KEY, demoOperationId } from '../../seed/demo-operations';
import { type TestApp, createTestApp } from '../../test/test-app';

const APPROVED = DEMO_OPERATIONS.filter((op) => (op.reviewStatus ?? 'approved') === 'approved');
const PENDING_REVIEW = DEMO_OPERATIONS.filter((op) => op.reviewStatus === 'pending');

describe('GET /api/operations', () => {
  let t: TestApp;
  const list = async (query = '', headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/operations${query}`, headers });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every approved operation, newest first, and never one awaiting review', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    const { data, count } = body as ListOperationsResponse;
    expect(count).toBe(APPROVED.length);
    expect(data).toHaveLength(APPROVED.length);
    const ids = data.map((item) => item.id);
    for (const op of PENDING_REVIEW) expect(ids).not.toContain(demoOperationId(op.key));
    const created = data.map((item) => Date.parse(item.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    // The three sample cards are the newest.
    expect(data.slice(0, 3).map((item) => item.productName)).toEqual([
      'Cocoa Liquor',
      'Arabica Coffee',
      'Premium Beef Cuts',
    ]);
  });

  it('answers the spec columns with prices in dollars and derived availability', async () => {
    const { body } = await list();
    const featured = (body as ListOperationsResponse).data.find(
      (item) => item.id === demoOperationId(FEATURED_OPERATION_KEY),
    );
    expect(featured).toMatchObject({
      productName: 'Milk Powder',
      productCategory: 'dairy',
      originCountry: 'UY',
      destinationCountry: 'VE',
      minVolume: 5,
      priceUsd: 4300,
      status: 'active',
      title: 'Leche en polvo regular',
      totalTons: 25,
      availableTons: 15,
      imageUrl: '/images/ops/milk-powder.webp',
      type: 'import',
    });
    expect(featured?.deadline).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('gives titles in English to English readers', async () => {
    const { body } = await list('?q=milk%20powder', { 'accept-language': 'en-US,en;q=0.9' });
    expect((body as ListOperationsResponse).data.map((item) => item.title)).toContain('Regular milk powder');
  });

  it('honours the limit', async () => {
    const { body } = await list('?limit=3');
    expect((body as ListOperationsResponse).count).toBe(3);
    expect((body as ListOperationsResponse).data).toHaveLength(3);
  });

  it('filters by status', async () => {
    const active = (await list('?status=active')).body as ListOperationsResponse;
    expect(active.count).toBe(APPROVED.length);
    expect(active.data.every((item) => item.status === 'active')).toBe(true);
    // Pending operations are the ones awaiting approval, which are never public.
    expect(((await list('?status=pending')).body as ListOperationsResponse).count).toBe(0);

    await t.db
      .update(operations)
      .set({ status: 'allocated' })
      .where(eq(operations.id, demoOperationId('mandarins')));
    // A write straight to the database bypasses the app: on PostgreSQL the read cache hears its NOTIFY a moment later.
    t.app.readCache.clear();
    const afterChange = (await list('?status=active')).body as ListOperationsResponse;
    expect(afterChange.count).toBe(APPROVED.length - 1);
    expect(((await list('?status=all')).body as ListOperationsResponse).count).toBe(APPROVED.length);
    await t.db
      .update(operations)
      .set({ status: 'active' })
      .where(eq(operations.id, demoOperationId('mandarins')));
    t.app.readCache.clear();
  });

  it('searches product names case-insensitively', async () => {
    const { body } = await list('?q=MILK');
    const names = (body as ListOperationsResponse).data.map((item) => item.productName).sort();
    expect(names).toEqual(['Milk Powder', 'Whole Milk Powder']);
    const coffee = (await list('?q=coffee')).body as ListOperationsResponse;
    expect(coffee.data.map((item) => item.productName).sort()).toEqual([
      'Arabica Coffee',
      'Green Coffee',
      'Robusta Coffee',
    ]);
  });

  it('finds Spanish titles too (the search box suggests "leche en polvo")', async () => {
    const { body } = await list(`?q=${encodeURIComponent('leche en polvo')}`);
    expect((body as ListOperationsResponse).count).toBe(2);
  });

  it('takes % and _ in a search literally', async () => {
    expect(((await list('?q=%25')).body as ListOperationsResponse).count).toBe(0);
    expect(((await list('?q=_')).body as ListOperationsResponse).count).toBe(0);
    expect(((await list('?q=Milk%25Powder')).body as ListOperationsResponse).count).toBe(0);
  });

  it('treats a blank search as no search', async () => {
    expect(((await list('?q=%20%20')).body as ListOperationsResponse).count).toBe(APPROVED.length);
  });

  it('refuses a bad query with VALIDATION_FAILED, in Spanish by default', async () => {
    const { status, body } = await list(`?q=${'x'.repeat(101)}&limit=500&status=closed`);
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Algunos datos no son válidos. Revisa el formulario.',
        fields: {
          q: 'La búsqueda es demasiado larga',
          limit: 'Valor no válido',
          status: 'Valor no válido',
        },
      },
    });
  });

  it('refuses a bad query in English for English readers', async () => {
    const { status, body } = await list(`?q=${'x'.repeat(101)}`, { 'x-lang': 'en' });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some of the data is not valid. Check the form.',
        fields: { q: 'The search is too long' },
      },
    });
  });

  it('refuses a limit that is not a whole number from 1 to 100', async () => {
    for (const limit of ['0', '101', 'abc', '2.5']) {
      expect((await list(`?limit=${limit}`)).status).toBe(400);
    }
  });
});

describe('GET /api/operations paging', () => {
  it('pages beyond a limit with offset and says whether more rows follow', async () => {
    const t = await createTestApp();
    try {
      const all = (await t.app.inject({ method: 'GET', url: '/api/operations' })).json() as ListOperationsResponse;
      expect(all.hasMore).toBe(false);
      const first = (
        await t.app.inject({ method: 'GET', url: '/api/operations?limit=5' })
      ).json() as ListOperationsResponse;
      expect(first.count).toBe(5);
      expect(first.hasMore).toBe(true);
      const second = (
        await t.app.inject({ method: 'GET', url: '/api/operations?limit=5&offset=5' })
      ).json() as ListOperationsResponse;
      expect(second.data.map((row) => row.id)).toEqual(all.data.slice(5, 10).map((row) => row.id));
      const last = (
        await t.app.inject({ method: 'GET', url: `/api/operations?limit=5&offset=${all.count - 2}` })
      ).json() as ListOperationsResponse;
      expect(last.count).toBe(2);
      expect(last.hasMore).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/operations/:id/summary', () => {
  let t: TestApp;
  const summary = async (id: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/operations/${id}/summary`, headers });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives a visitor an approved operation's card facts, in the reader's language", async () => {
    const id = demoOperationId(FEATURED_OPERATION_KEY);
    const { status, body } = await summary(id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id,
      title: 'Leche en polvo regular',
      originCountry: 'UY',
      destinationCountry: 'VE',
      totalTons: 25,
      availableTons: 15,
      priceUsd: 4300,
    });
    // The full sheet's parts are not in it.
    expect(body).not.toHaveProperty('partners');
    expect((await summary(id, { 'accept-language': 'en' })).body).toMatchObject({ title: 'Regular milk powder' });
  });

  it('answers 404 for an operation awaiting review and for an unknown id, 400 for a malformed one', async () => {
    const pending = PENDING_REVIEW[0];
    expect(pending).toBeDefined();
    const hidden = await summary(demoOperationId(pending!.key));
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ error: { code: 'OPERATION_NOT_FOUND' } });
    expect((await summary('0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01')).status).toBe(404);
    expect((await summary('not-an-id')).status).toBe(400);
  });
});
