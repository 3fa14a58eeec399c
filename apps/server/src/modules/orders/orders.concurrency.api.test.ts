import { type LedgerResponse, TERMS_VERSION } from '@tradeops/shared';
import { randomUUID } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransfers, orders, operations } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { createApprovedBuyers } from '../../test/buyers';
import { testTradeTerms } from '../../test/deals';
import { PDF_BYTES } from '../../test/kyc-files';
import { TEST_ORIGIN, type TestApp, createTestApp, signIn } from '../../test/test-app';

/**
 * Many buyers order at one operation at the same moment, over real HTTP (a
 * listening server, one fetch per buyer, all in flight together). Whatever the
 * interleaving, the operation row lock must keep allocated ≤ total, the
 * accepted orders must add up to allocated, every refusal must be a clear 4xx,
 * and the escrow ledger must balance. Run it on PostgreSQL too: PGlite
 * serialises transactions and would hide a missing lock.
 */
const BUYERS = 60;
const TOTAL_TONS = 100;
const CAP_TONS = 10;
const PRICE_CENTS = 43_000;
const REFUSAL_CODES = new Set(['OPERATION_FULL', 'VOLUME_ABOVE_MAX', 'PARTICIPANT_CAP_REACHED']);

interface Outcome {
  status: number;
  code: string | null;
  volume: number;
  orderId: string | null;
}

describe('simultaneous orders over HTTP', () => {
  let t: TestApp;
  let baseUrl: string;
  let operationId: string;
  const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    operationId = randomUUID();
    await t.db.insert(operations).values({
      id: operationId,
      title: 'Concurrencia',
      productName: 'Soybeans',
      productCategory: 'grains',
      type: 'import',
      originCountry: 'BR',
      destinationCountry: 'VE',
      totalTons: TOTAL_TONS,
      minVolume: 5,
      maxPerParticipantTons: CAP_TONS,
      pricePerTonCents: PRICE_CENTS,
      deadline: new Date(Date.now() + 7 * 24 * 3_600_000),
      status: 'active',
      reviewStatus: 'approved',
      sellerId: demoUserId('vendedor'),
      tradeTerms: testTradeTerms(),
    });
  });
  afterAll(async () => t.close());

  async function post(headers: Record<string, string>, volume: number): Promise<Outcome> {
    const response = await fetch(`${baseUrl}/api/operations/${operationId}/orders`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({
        volume,
        paymentMethod: 'wire',
        idempotencyKey: randomUUID(),
        termsVersion: TERMS_VERSION,
      }),
    });
    const body = (await response.json()) as { order?: { id: string }; error?: { code: string } };
    return {
      status: response.status,
      code: body.error?.code ?? null,
      volume,
      orderId: body.order?.id ?? null,
    };
  }

  it(`never oversubscribes, refuses clearly and balances the ledger (${BUYERS} buyers at once)`, async () => {
    const buyers = await createApprovedBuyers(t, BUYERS, 'rush');
    // Each buyer also fires a second order at once: the cap (10 t) must hold across a buyer's racing orders.
    const requests = buyers.flatMap((buyer, index) => {
      const volume = index % 2 === 0 ? 5 : 10;
      return [{ buyer, volume }, ...(index % 3 === 0 ? [{ buyer, volume: 5 }] : [])];
    });
    const started = performance.now();
    const outcomes = await Promise.all(requests.map(({ buyer, volume }) => post(buyer.headers, volume)));
    const elapsedMs = Math.round(performance.now() - started);

    const accepted = outcomes.filter((o) => o.status === 201);
    const refused = outcomes.filter((o) => o.status !== 201);
    const [row] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    const acceptedTons = accepted.reduce((sum, o) => sum + o.volume, 0);

    console.info(
      `[concurrency:${driver}] orders fired ${outcomes.length}, accepted ${accepted.length} (${acceptedTons} t), refused ${refused.length}, ` +
        `allocated ${row!.allocatedTons}/${row!.totalTons} t, elapsed ${elapsedMs} ms; refusals by code ${JSON.stringify(
          Object.fromEntries(
            [...new Set(refused.map((o) => o.code))].map((c) => [c, refused.filter((o) => o.code === c).length]),
          ),
        )}`,
    );

    expect(row!.allocatedTons).toBeLessThanOrEqual(TOTAL_TONS);
    expect(acceptedTons).toBe(row!.allocatedTons);
    // Demand (≥ 450 t) far exceeds supply: the deal fills up to the last lot that any request could take.
    expect(row!.allocatedTons).toBeGreaterThanOrEqual(TOTAL_TONS - 5);
    if (row!.allocatedTons === TOTAL_TONS) expect(row!.status).toBe('allocated');
    for (const refusal of refused) {
      expect(refusal.status).toBeGreaterThanOrEqual(400);
      expect(refusal.status).toBeLessThan(500);
      expect(REFUSAL_CODES).toContain(refusal.code);
    }
    const [stored] = await t.db
      .select({
        tons: sql<number>`coalesce(sum(${orders.volume}), 0)::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(and(eq(orders.operationId, operationId), eq(orders.status, 'active')));
    expect(stored).toEqual({ tons: row!.allocatedTons, n: accepted.length });
    // The cap held for every buyer, racing orders included.
    const perBuyer = await t.db
      .select({ userId: orders.userId, tons: sql<number>`sum(${orders.volume})::int` })
      .from(orders)
      .where(eq(orders.operationId, operationId))
      .groupBy(orders.userId);
    for (const holding of perBuyer) expect(holding.tons).toBeLessThanOrEqual(CAP_TONS);

    // Pay: proofs for the first ten accepted orders, then the admin confirms each twice, all at once.
    const admin = await signIn(t, 'admin@tradeops.demo');
    const paid = accepted.slice(0, 10);
    const ownerOf = new Map(
      (
        await t.db
          .select({ id: orders.id, userId: orders.userId })
          .from(orders)
          .where(eq(orders.operationId, operationId))
      ).map((r) => [r.id, r.userId]),
    );
    await Promise.all(
      paid.map(async (o) => {
        const buyer = buyers.find((b) => b.userId === ownerOf.get(o.orderId!))!;
        const form = new FormData();
        form.append('file', new Blob([PDF_BYTES], { type: 'application/pdf' }), 'comprobante.pdf');
        const response = await fetch(`${baseUrl}/api/orders/${o.orderId}/proof`, {
          method: 'POST',
          headers: { cookie: buyer.headers.cookie!, origin: TEST_ORIGIN },
          body: form,
        });
        expect(response.status).toBe(200);
      }),
    );
    const confirmations = await Promise.all(
      paid.flatMap((o) =>
        [0, 1].map(() =>
          fetch(`${baseUrl}/api/admin/payments/${o.orderId}/confirm`, {
            method: 'POST',
            headers: { cookie: admin.cookie!, origin: TEST_ORIGIN, 'content-type': 'application/json' },
            // Each order got one proof: its first revision.
            body: JSON.stringify({ proofRevision: 1 }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code: string } } })),
        ),
      ),
    );
    expect(confirmations.filter((c) => c.status === 200)).toHaveLength(paid.length);
    for (const c of confirmations.filter((c) => c.status !== 200)) {
      expect(c.status).toBe(409);
      expect(c.body.error?.code).toBe('PAYMENT_ALREADY_CONFIRMED');
    }

    const sums = await t.db
      .select({ transferId: ledgerEntries.transferId, sum: sql<number>`sum(${ledgerEntries.amountCents})::bigint` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(eq(ledgerTransfers.operationId, operationId))
      .groupBy(ledgerEntries.transferId);
    expect(sums).toHaveLength(paid.length);
    for (const transfer of sums) expect(Number(transfer.sum)).toBe(0);
    const ledger = await fetch(`${baseUrl}/api/admin/operations/${operationId}/ledger?limit=100`, {
      headers: { cookie: admin.cookie! },
    }).then((r) => r.json() as Promise<LedgerResponse>);
    expect(ledger.heldCents).toBe(paid.reduce((sum, o) => sum + o.volume * PRICE_CENTS, 0));
    expect(ledger.items).toHaveLength(ledger.total);
    expect(ledger.items.every((transfer) => transfer.sumCents === 0)).toBe(true);
  });
});
