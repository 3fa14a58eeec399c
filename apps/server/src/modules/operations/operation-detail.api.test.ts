import { NEW_SELLER_RECORD, type OperationStatus } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputes, messages, operationMilestones, operationWatchers, operations } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../../seed/demo-operations';
import { createOpenOperation } from '../../test/deals';
import { type TestApp, createTestApp, sameOriginHeaders, signIn, signUpCompany } from '../../test/test-app';
import { contentDisposition } from '../../plugins/storage/send-stored-file';
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
      totalPriceUsd: 107_500,
      availableTons: 15,
    });

    const watch = await t.app.inject({ method: 'PUT', url: `/api/operations/${FEATURED}/watch`, headers });
    expect(watch.statusCode).toBe(200);
    expect(watch.json()).toMatchObject({ isWatching: true });
    const unwatch = await t.app.inject({ method: 'DELETE', url: `/api/operations/${FEATURED}/watch`, headers });
    expect(unwatch.json()).toMatchObject({ isWatching: false });

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
      originCountry: 'UY',
      destinationCountry: 'VE',
      totalPriceUsd: 107_500,
      priceUsd: 4300,
      availableTons: 15,
      participants: 2,
      maxParticipants: 5,
      arrivalPort: 'La Guaira',
      imageUrl: '/images/ops/milk-powder.webp',
      specSheet: { version: '2.1', fileName: 'Milk Powder Specification v2.1.pdf' },
      isWatching: false,
    });
    expect(detail.description).toContain('leche en polvo');
    expect(detail.partners.map((partner) => partner.role).sort()).toEqual([
      'logistics',
      'manager',
      'money_arbitrage',
      'shipping',
    ]);
    // An approved seller; no inspection yet, so no verified volume.
    expect(detail.badges).toEqual(['verified_seller', 'escrow_protected']);
    expect(detail.specification).toBe('Regular 26% de materia grasa');
    expect(detail.similar.length).toBeGreaterThan(0);
    expect(detail.similar.map((item) => item.id)).not.toContain(FEATURED);
    expect(
      detail.similar.every(
        (item) => item.productCategory === 'dairy' || (item.originCountry === 'UY' && item.destinationCountry === 'VE'),
      ),
    ).toBe(true);
    expect(detail.similar[0]?.productCategory).toBe('dairy');
    const english = await getOperationDetail(t.db, FEATURED, buyer, 'en', { countView: false });
    expect(english.title).toBe('Regular milk powder');
    expect(english.specification).toBe('Regular, 26% fat');
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

  it('keeps views of at most maxPending operations in memory: beyond it they flush at once and the excess is dropped', async () => {
    const views = new ViewCounter(t.db, t.app.log, 60_000, 3);
    const ids = Array.from({ length: 5 }, () => crypto.randomUUID());
    for (const id of ids) views.count(id);
    expect(views.pendingOperations).toBe(3);
    expect(views.dropped).toBe(2);
    views.count(ids[0]!);
    expect(views.pendingOf(ids[0]!)).toBe(2);
    await views.flush();
    expect(views.pendingOperations).toBe(0);
    views.count(ids[4]!);
    expect(views.pendingOf(ids[4]!)).toBe(1);
    await views.close();
  });

  it('counts comments from the operation’s message thread', async () => {
    const before = (await getOperationDetail(t.db, FEATURED, buyer, 'es', { countView: false })).stats.comments;
    await t.db.insert(messages).values({ operationId: FEATURED, authorId: buyer, body: '¿Fecha de carga?' });
    const after = (await getOperationDetail(t.db, FEATURED, buyer, 'es', { countView: false })).stats.comments;
    expect(after).toBe(before + 1);
  });

  it('toggles watching idempotently and counts watchers', async () => {
    expect(await setWatching(t.db, FEATURED, buyer, true)).toEqual({ isWatching: true, watchers: 1 });
    expect(await setWatching(t.db, FEATURED, buyer, true)).toEqual({ isWatching: true, watchers: 1 });
    expect((await getOperationDetail(t.db, FEATURED, buyer, 'es', { countView: false })).isWatching).toBe(true);
    expect(await setWatching(t.db, FEATURED, demoUserId('vendedor'), true)).toEqual({ isWatching: true, watchers: 2 });
    expect(await setWatching(t.db, FEATURED, buyer, false)).toEqual({ isWatching: false, watchers: 1 });
    const rows = await t.db.select().from(operationWatchers).where(eq(operationWatchers.operationId, FEATURED));
    expect(rows.map((row) => row.userId)).toEqual([demoUserId('vendedor')]);
  });

  it('answers OPERATION_NOT_FOUND for an unknown or unapproved operation', async () => {
    await expect(getOperationDetail(t.db, '00000000-0000-4000-8000-000000000000', buyer, 'es')).rejects.toMatchObject({
      code: 'OPERATION_NOT_FOUND',
    });
    const [pending] = await t.db.select().from(operations).where(eq(operations.reviewStatus, 'pending')).limit(1);
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
    // One builder for every download (the spec sheet's used to differ from the stored files').
    expect(contentDisposition('attachment', file.fileName)).toBe(
      `attachment; filename="Milk Powder Specification v2.1.pdf"`,
    );
    expect(contentDisposition('attachment', 'Café "x".pdf')).toBe(
      `attachment; filename="Cafe \\"x\\".pdf"; filename*=UTF-8''Caf%C3%A9%20%22x%22.pdf`,
    );
  });
});

describe("a seller's track record on the operation detail", () => {
  let t: TestApp;
  let buyerHeaders: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    buyerHeaders = await signIn(t, 'comprador@tradeops.demo');
  });
  afterAll(async () => {
    await t.close();
  });

  async function readRecord(operationId: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${operationId}`,
      headers: buyerHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { sellerRecord: unknown }).sellerRecord;
  }

  /** One of `sellerId`'s past deals as it ended: its status, tons, expected and actual arrival. */
  async function pastDeal(
    sellerId: string,
    deal: {
      status: OperationStatus;
      allocatedTons: number;
      expectedArrival?: string;
      arrivedAt?: string;
      failedInspection?: boolean;
      dispute?: 'open' | 'decided';
    },
  ) {
    const operation = await createOpenOperation(t.db, {
      sellerId,
      status: deal.status,
      allocatedTons: deal.allocatedTons,
      expectedDeparture: deal.expectedArrival ? '2025-12-01' : null,
      expectedArrival: deal.expectedArrival ?? null,
    });
    if (deal.arrivedAt) {
      await t.db
        .insert(operationMilestones)
        .values({ operationId: operation.id, kind: 'arrival', occurredAt: new Date(deal.arrivedAt) });
    }
    if (deal.failedInspection) {
      await t.db.insert(operationMilestones).values({
        operationId: operation.id,
        kind: 'inspection',
        occurredAt: new Date(deal.arrivedAt ?? Date.now()),
        result: 'failed',
      });
    }
    if (deal.dispute) {
      await t.db.insert(disputes).values({
        operationId: operation.id,
        openedBy: deal.failedInspection ? 'inspection' : 'participant',
        reason: 'Humedad por encima de la especificación',
        status: deal.dispute,
        decision: deal.dispute === 'decided' ? 'partial' : null,
      });
    }
    return operation;
  }

  it('counts settled deals, tons delivered, on-time arrivals and disputed deals from the seller history', async () => {
    const seller = await signUpCompany(t);
    // Arrived a day early, settled.
    await pastDeal(seller.userId, {
      status: 'settled',
      allocatedTons: 20,
      expectedArrival: '2026-01-10',
      arrivedAt: '2026-01-09T15:00:00Z',
    });
    // Arrived four days late, failed inspection, dispute decided, settled.
    await pastDeal(seller.userId, {
      status: 'settled',
      allocatedTons: 15,
      expectedArrival: '2026-02-01',
      arrivedAt: '2026-02-05T10:00:00Z',
      failedInspection: true,
      dispute: 'decided',
    });
    // Arrived late in the evening of the expected day (UTC): on time; a participant's dispute is open.
    await pastDeal(seller.userId, {
      status: 'disputed',
      allocatedTons: 10,
      expectedArrival: '2026-03-01',
      arrivedAt: '2026-03-01T23:30:00Z',
      dispute: 'open',
    });
    // A failed inspection without a dispute row still counts as a disputed deal.
    await pastDeal(seller.userId, {
      status: 'disputed',
      allocatedTons: 5,
      expectedArrival: '2026-04-01',
      arrivedAt: '2026-04-01T08:00:00Z',
      failedInspection: true,
    });
    // Neither delivered nor completed: a cancelled deal and one still in transit.
    await pastDeal(seller.userId, { status: 'cancelled', allocatedTons: 0 });
    await pastDeal(seller.userId, { status: 'in_transit', allocatedTons: 20, expectedArrival: '2026-12-20' });
    // Another seller's history is not this one's.
    const other = await signUpCompany(t);
    await pastDeal(other.userId, {
      status: 'settled',
      allocatedTons: 20,
      expectedArrival: '2026-01-10',
      arrivedAt: '2026-01-01T00:00:00Z',
      dispute: 'decided',
    });

    const current = await pastDeal(seller.userId, { status: 'active', allocatedTons: 0 });
    expect(await readRecord(current.id)).toEqual({
      completedOperations: 2,
      tonsDelivered: 50,
      arrivals: 4,
      onTimeArrivals: 3,
      disputedOperations: 3,
      isNewSeller: false,
    });
  });

  it('calls a seller with no settled, arrived or disputed deal a new seller, with zeros', async () => {
    const seller = await signUpCompany(t);
    await pastDeal(seller.userId, { status: 'cancelled', allocatedTons: 0 });
    const current = await pastDeal(seller.userId, { status: 'active', allocatedTons: 5 });
    expect(await readRecord(current.id)).toEqual(NEW_SELLER_RECORD);
  });

  it('shows the demo seller as new: the seed has no settled or arrived deal, and no figure is invented', async () => {
    expect(await readRecord(FEATURED)).toMatchObject({ completedOperations: 0, isNewSeller: true });
  });
});
