import { type CatalogueResponse, type FeaturedOperation } from '@tradeops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATIONS, FEATURED_OPERATION_KEY, demoOperationId } from '../../seed/demo-operations';
import { type TestApp, createTestApp } from '../../test/test-app';

const OPEN = DEMO_OPERATIONS.filter(
  (op) => (op.reviewStatus ?? 'approved') === 'approved' && (op.status ?? 'active') === 'active',
);

describe('GET /api/operations/catalogue', () => {
  let t: TestApp;
  const get = async (query = '', headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/operations/catalogue${query}`, headers });
    return { status: response.statusCode, body: response.json() as CatalogueResponse };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages through every open deal, newest first, with the total over all pages', async () => {
    const first = await get('?pageSize=5');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(OPEN.length);
    expect(first.body.pageSize).toBe(5);
    expect(first.body.data).toHaveLength(5);
    const seen = new Set<string>();
    for (let page = 1; page <= Math.ceil(OPEN.length / 5); page += 1) {
      for (const item of (await get(`?pageSize=5&page=${page}`)).body.data) seen.add(item.id);
    }
    expect(seen.size).toBe(OPEN.length);
    expect(first.body.data.map((item) => item.productName).slice(0, 3)).toEqual([
      'Cocoa Liquor',
      'Arabica Coffee',
      'Premium Beef Cuts',
    ]);
  });

  it('filters by category, region (origin or destination) and price per ton', async () => {
    const dairy = (await get('?category=dairy')).body;
    expect(dairy.total).toBe(OPEN.filter((op) => op.category === 'dairy').length);
    expect(dairy.data.every((item) => item.productCategory === 'dairy')).toBe(true);

    const brazil = (await get('?region=br')).body;
    expect(brazil.total).toBe(OPEN.filter((op) => op.origin === 'BR' || op.destination === 'BR').length);
    expect(brazil.data.every((item) => item.originCountry === 'BR' || item.destinationCountry === 'BR')).toBe(true);

    const mid = (await get('?minPrice=1000&maxPrice=9000')).body;
    const expected = OPEN.filter((op) => op.pricePerTonUsd >= 1000 && op.pricePerTonUsd <= 9000);
    expect(mid.total).toBe(expected.length);
    expect(mid.data.every((item) => item.priceUsd >= 1000 && item.priceUsd <= 9000)).toBe(true);
    // The names before the API's one casing still filter and page the same; the camelCase one wins over its old name.
    expect((await get('?min_price=1000&max_price=9000')).body.total).toBe(mid.total);
    const paged = (await get('?pageSize=3&page_size=5')).body;
    expect([paged.pageSize, paged.data.length]).toEqual([3, 3]);
    expect((await get('?page_size=5')).body.pageSize).toBe(5);

    const combined = (await get(`?q=${encodeURIComponent('leche en polvo')}&region=UY&category=dairy`)).body;
    expect(combined.data.map((item) => item.id)).toContain(demoOperationId(FEATURED_OPERATION_KEY));
  });

  it('sorts by price, available volume and closing date', async () => {
    const byPrice = (await get('?sort=price&pageSize=48')).body.data.map((item) => item.priceUsd);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const byAvailable = (await get('?sort=available&pageSize=48')).body.data.map((item) => item.availableTons);
    expect(byAvailable).toEqual([...byAvailable].sort((a, b) => b - a));
    const byDeadline = (await get('?sort=closing&pageSize=48')).body.data.map((item) =>
      Date.parse(item.deadline ?? ''),
    );
    expect(byDeadline).toEqual([...byDeadline].sort((a, b) => a - b));
  });

  it('offers the regions and categories of open deals as facets', async () => {
    const { facets } = (await get()).body;
    expect(facets.regions).toEqual(['AR', 'BR', 'UY', 'VE']);
    expect(facets.categories).toEqual(expect.arrayContaining(['dairy', 'coffee', 'cocoa', 'meat']));
  });

  it('answers an empty page, not an error, when nothing matches', async () => {
    const { status, body } = await get('?q=unobtainium');
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: [], total: 0 });
  });

  it('refuses a reversed price range and unknown values with field messages', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/operations/catalogue?minPrice=500&maxPrice=100&sort=random&region=Uruguay',
      headers: { 'x-lang': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: { sort: 'Invalid value', region: 'Invalid value' },
      },
    });
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/operations/catalogue?minPrice=500&maxPrice=100',
    });
    expect(reversed.json()).toMatchObject({
      error: { fields: { maxPrice: 'El precio máximo debe ser mayor o igual que el mínimo' } },
    });
  });
});

describe('GET /api/operations/featured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('computes every figure of the featured card from the seeded deal (spec §3)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/operations/featured' });
    expect(response.statusCode).toBe(200);
    const featured = response.json() as FeaturedOperation;
    expect(featured).toMatchObject({
      id: demoOperationId(FEATURED_OPERATION_KEY),
      title: 'Leche en polvo regular',
      originCountry: 'UY',
      destinationCountry: 'VE',
      status: 'active',
      participants: 2,
      maxParticipants: 5,
      totalTons: 25,
      priceUsd: 4300,
      totalPriceUsd: 107_500,
      availableTons: 15,
      arrivalPort: 'La Guaira',
      specification: 'Regular 26% de materia grasa',
      specSheet: { version: '2.1', updatedAt: expect.any(String) },
      containerTons: 25,
      minVolume: 5,
    });
    expect(Object.values(featured.partners).every((name) => typeof name === 'string' && name.length > 0)).toBe(true);
    // Deadline 30 days after the seed ran.
    const days = (Date.parse(featured.deadline ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(featured.expectedArrival).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('answers in English for English readers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/operations/featured',
      headers: { 'x-lang': 'en' },
    });
    expect(response.json()).toMatchObject({ title: 'Regular milk powder', specification: 'Regular, 26% fat' });
  });
});
