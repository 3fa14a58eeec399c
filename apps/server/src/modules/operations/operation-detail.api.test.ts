import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, operationWatchers, operations } from '../../db/schema';
import { demoUserId } from '../../db/seed/demo-accounts';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../../db/seed/demo-operations';
import { type TestApp, createTestApp, sameOriginHeaders, signIn } from '../../test/test-app';
import { attachmentHeader } from './operation-detail.routes';
import { ViewCounter } from './view-counter';
import { getOperationDetail, openSpecSheet, setWatching } from './operation-detail.service';

const FEATURED = demoOperationId(FEATURED_OPERATION_KEY);
const COUNTED = demoOperationId('mandarins');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('operation detail', () => {
  let t: TestApp;
  let buyer: string;
  beforeAll(async () => {
    t = await createTestApp();
    buyer = demoUserId('comprador');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses visitors with 401 on the detail, the spec download and Watch', async () => {
    for (const url of [`/api/operations/${FEATURED}`, `/api/operations/${FEATURED}/spec`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
    const watch = await t.app.inject({
      method: 'PUT',
      url: `/api/operations/${FEATURED}/watch`,
      headers: sameOriginHeaders(),
    });
    expect(watch.statusCode).toBe(401);
  });

  it('serves a signed-in buyer the detail, the Watch toggle and the named spec download over HTTP', async () => {
    const headers = await signIn(t, 'comprador@tradeops.demo');
    const detail = await t.app.inject({ method: 'GET', url: `/api/operations/${FEATURED}`, headers });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      title: 'Leche en polvo regular',
      total_price_usd: 107_500,
      available_tons: 15,
    });

    const watch = await t.app.inject({ method: 'PUT', url: `/api/operations/${FEATURED}/watch`, headers });
    expect(watch.statusCode).toBe(200);
    expect(watch.json()).toMatchObject({ is_watching: true });
    const unwatch = await t.app.inject({ method: 'DELETE', url: `/api/operations/${FEATURED}/watch`, headers });
    expect(unwatch.json()).toMatchObject({ is_watching: false });

    const spec = await t.app.inject({ method: 'GET', url: `/api/operations/${FEATURED}/spec`, headers });
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-type']).toBe('application/pdf');
    expect(spec.headers['content-disposition']).toContain('filename="Milk Powder Specification v2.1.pdf"');
    expect(spec.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/operations/00000000-0000-4000-8000-000000000000',
      headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('gives every element of the detail page for the featured deal', async () => {
    const detail = await getOperationDetail(t.db, FEATURED, buyer, 'es');
    expect(detail).toMatchObject({
      title: 'Leche en polvo regular',
      origin_country: 'UY',
      destination_country: 'VE',
      total_price_usd: 107_500,
      price_usd: 4300,
      available_tons: 15,
      participants: 2,
      max_participants: 5,
      arrival_port: 'La Guaira',
      image_url: '/images/ops/milk-powder.webp',
      spec_sheet: { version: '2.1', file_name: 'Milk Powder Specification v2.1.pdf' },
      is_watching: false,
    });
    expect(detail.description).toContain('leche en polvo');
    expect(detail.partners.map((partner) => partner.role).sort()).toEqual([
      'logistics',
      'manager',
      'money_arbitrage',
      'shipping',
    ]);
    expect(detail.badges).toEqual(['verified_seller', 'verified_volume', 'escrow_protected']);
    expect(detail.similar.length).toBeGreaterThan(0);
    expect(detail.similar.map((item) => item.id)).not.toContain(FEATURED);
    expect(
      detail.similar.every(
        (item) =>
          item.product_category === 'dairy' || (item.origin_country === 'UY' && item.destination_country === 'VE'),
      ),
    ).toBe(true);
    expect(detail.similar[0]?.product_category).toBe('dairy');
    const english = await getOperationDetail(t.db, FEATURED, buyer, 'en', { countView: false });
    expect(english.title).toBe('Regular milk powder');
    expect(english.description).toContain('milk powder');
  });

  it('counts every view, concurrently too: shown at once, stored by the next flush', async () => {
    // An operation no other test here views: the app's own counter flushes those a second later.
    const views = new ViewCounter(t.db, t.app.log, 60_000);
    const stored = async () =>
      (await t.db.select({ views: operations.viewsCount }).from(operations).where(eq(operations.id, COUNTED)))[0]
        ?.views;
    const before = await stored();
    const seen = await Promise.all(
      Array.from({ length: 10 }, () => getOperationDetail(t.db, COUNTED, buyer, 'es', { views })),
    );
    expect(Math.max(...seen.map((detail) => detail.stats.views))).toBe(before! + 10);
    expect(await stored()).toBe(before);
    await views.flush();
    expect(await stored()).toBe(before! + 10);
    expect(views.pendingOf(COUNTED)).toBe(0);
    expect((await getOperationDetail(t.db, COUNTED, buyer, 'es', { countView: false, views })).stats.views).toBe(
      before! + 10,
    );
    await views.close();
  });

  it('counts comments from the operation’s message thread', async () => {
    const before = (await getOperationDetail(t.db, FEATURED, buyer, 'es', { countView: false })).stats.comments;
    await t.db.insert(messages).values({ operationId: FEATURED, authorId: buyer, body: '¿Fecha de carga?' });
    const after = (await getOperationDetail(t.db, FEATURED, buyer, 'es', { countView: false })).stats.comments;
    expect(after).toBe(before + 1);
  });

  it('toggles watching idempotently and counts watchers', async () => {
    expect(await setWatching(t.db, FEATURED, buyer, true)).toEqual({ is_watching: true, watchers: 1 });
    expect(await setWatching(t.db, FEATURED, buyer, true)).toEqual({ is_watching: true, watchers: 1 });
    expect((await getOperationDetail(t.db, FEATURED, buyer, 'es', { countView: false })).is_watching).toBe(true);
    expect(await setWatching(t.db, FEATURED, demoUserId('vendedor'), true)).toEqual({ is_watching: true, watchers: 2 });
    expect(await setWatching(t.db, FEATURED, buyer, false)).toEqual({ is_watching: false, watchers: 1 });
    const rows = await t.db.select().from(operationWatchers).where(eq(operationWatchers.operationId, FEATURED));
    expect(rows.map((row) => row.userId)).toEqual([demoUserId('vendedor')]);
  });

  it('answers OPERATION_NOT_FOUND for an unknown or unapproved operation', async () => {
    await expect(getOperationDetail(t.db, '00000000-0000-4000-8000-000000000000', buyer, 'es')).rejects.toMatchObject({
      code: 'OPERATION_NOT_FOUND',
    });
    const [pending] = await t.db.select().from(operations).where(eq(operations.kycStatus, 'pending')).limit(1);
    await expect(getOperationDetail(t.db, pending?.id ?? '', buyer, 'es')).rejects.toMatchObject({
      code: 'OPERATION_NOT_FOUND',
    });
  });

  it('opens the spec sheet from the specs bucket under the expected name', async () => {
    const file = await openSpecSheet(t.db, t.storage, FEATURED);
    expect(file.fileName).toBe('Milk Powder Specification v2.1.pdf');
    expect(file.contentType).toBe('application/pdf');
    const bytes = await readAll(file.stream);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(file.size);
    await expect(openSpecSheet(t.db, t.storage, demoOperationId('cocoa-liquor'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(attachmentHeader(file.fileName)).toBe(
      `attachment; filename="Milk Powder Specification v2.1.pdf"; filename*=UTF-8''Milk%20Powder%20Specification%20v2.1.pdf`,
    );
    expect(attachmentHeader('Café "x".pdf')).toBe(
      `attachment; filename="Caf_ _x_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22x%22.pdf`,
    );
  });
});
