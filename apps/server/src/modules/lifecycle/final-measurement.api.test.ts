import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransfers, operationFinalMeasurements, platformSettings } from '../../db/schema';
import { demoOperationId } from '../../seed/demo-operations';
import { PDF_BYTES } from '../../test/kyc-files';
import { BILL, daysAgo, fillOperation, recordStep } from '../../test/lifecycle';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { getEscrowStates } from '../escrow/read-escrow.service';

/**
 * The holdback (issue 28, docs/decisions/021): a settlement pays the seller 90 % of each order and
 * keeps 10 % in escrow; the final measurement refunds a shortfall beyond the tolerance pro rata and
 * pays the rest to the seller, both previewed with the figures they book. The refined sugar deal:
 * 50 t at $620/t in two orders of 25 t, tolerance ± 2 %.
 */
describe('the holdback until the goods are measured', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let buyer: Record<string, string>;
  const operationId = demoOperationId('refined-sugar');
  let orders: string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    buyer = await signIn(t, 'comprador@tradeops.demo');
    orders = await fillOperation(t, 'refined-sugar');
    await t.db.update(platformSettings).set({ value: 0 }).where(eq(platformSettings.key, 'fund_retention_days'));
    for (const [step, fields, file] of [
      ['shipment_preparation', { occurredAt: daysAgo(4) }, undefined],
      ['departure', { occurredAt: daysAgo(3) }, BILL],
      ['arrival', { occurredAt: daysAgo(2) }, undefined],
      ['inspection', { occurredAt: daysAgo(1), result: 'passed' }, { name: 'informe.pdf', bytes: PDF_BYTES }],
    ] as const) {
      expect((await recordStep(t, admin, operationId, step, fields, file)).statusCode).toBe(200);
    }
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: Record<string, unknown>, headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/operations/${operationId}/${url}`, headers, payload });

  it('refuses a final measurement before the settlement, from a non-admin, and with a bad weight', async () => {
    const early = await post('final-measurement', { measuredNetTons: 48.5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('LIFECYCLE_WRONG_STATUS');
    expect((await post('final-measurement', { measuredNetTons: 48.5 }, buyer)).statusCode).toBe(403);
    for (const measuredNetTons of [-1, 48.5001, 'x']) {
      const bad = await post('final-measurement', { measuredNetTons });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('settles 90 % of each order and holds 10 % back, as its preview said', async () => {
    const preview = await post('payout-preview', { action: 'settle' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().lines).toEqual([
      expect.objectContaining({ heldCents: 1_550_000, holdbackCents: 155_000, grossCents: 1_395_000 }),
      expect.objectContaining({ heldCents: 1_550_000, holdbackCents: 155_000, grossCents: 1_395_000 }),
    ]);
    expect(preview.json().totals).toMatchObject({ holdbackCents: 310_000, feeCents: 55_800, netCents: 2_734_200 });
    const settle = await post('settle', { previewDigest: preview.json().digest });
    expect(settle.statusCode).toBe(200);
    const states = await getEscrowStates(t.db, orders);
    for (const id of orders) {
      expect(states.get(id)).toMatchObject({ state: 'held', heldCents: 155_000, releasedCents: 1_395_000 });
    }
  });

  it('refunds a 3 % shortfall beyond the 2 % tolerance pro rata and pays the seller the rest, once', async () => {
    // The admin's inspection stated no net weight: the measurement must be typed.
    const untyped = await post('final-measurement', {});
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().error.fields).toEqual({ measuredNetTons: expect.any(String) });
    const preview = await post('payout-preview', { action: 'final_measurement', measuredNetTons: 48.5 });
    expect(preview.statusCode).toBe(200);
    // 3 100 000 ¢ × 1 500 kg / 50 000 kg = 93 000 ¢, 46 500 ¢ per order; the rest of 155 000 ¢ less 2 %.
    expect(preview.json().lines).toEqual([
      expect.objectContaining({ heldCents: 155_000, refundCents: 46_500, grossCents: 108_500, feeCents: 2_170 }),
      expect.objectContaining({ heldCents: 155_000, refundCents: 46_500, grossCents: 108_500, feeCents: 2_170 }),
    ]);
    const [a, b] = await Promise.all([
      post('final-measurement', { measuredNetTons: 48.5, previewDigest: preview.json().digest }),
      post('final-measurement', { measuredNetTons: 48.5, previewDigest: preview.json().digest }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const done = a.statusCode === 200 ? a : b;
    expect(done.json()).toEqual({
      contractedKg: 50_000,
      measuredNetKg: 48_500,
      toleranceKg: 1_000,
      shortfallKg: 1_500,
      refundCents: 93_000,
      releasedCents: 217_000,
    });
    const again = await post('final-measurement', { measuredNetTons: 50 });
    expect(again.json().error.code).toBe('FINAL_MEASUREMENT_RECORDED');

    const states = await getEscrowStates(t.db, orders);
    for (const id of orders) {
      expect(states.get(id)).toMatchObject({ state: 'split', heldCents: 0, refundedCents: 46_500 });
    }
    // Every transfer sums to zero; buyers + seller + fee = what was deposited, to the cent.
    const transfers = await t.db
      .select({ id: ledgerTransfers.id, tranche: ledgerTransfers.tranche, kind: ledgerTransfers.kind })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.operationId, operationId));
    const sums = await t.db
      .select({ transferId: ledgerEntries.transferId, sum: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.transferId,
          transfers.map((transfer) => transfer.id),
        ),
      )
      .groupBy(ledgerEntries.transferId);
    expect(sums.every((row) => Number(row.sum) === 0)).toBe(true);
    expect(transfers.filter((transfer) => transfer.tranche === 2)).toHaveLength(2);
    const [byAccount] = await t.db
      .select({
        out: sql<string>`sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} not like 'escrow:%' and ${ledgerTransfers.kind} <> 'deposit')`,
        deposited: sql<string>`sum(${ledgerEntries.amountCents}) filter (where ${ledgerTransfers.kind} = 'deposit' and ${ledgerEntries.account} like 'escrow:%')`,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(eq(ledgerTransfers.operationId, operationId));
    expect(Number(byAccount!.out)).toBe(3_100_000);
    expect(Number(byAccount!.deposited)).toBe(3_100_000);
    const [measurement] = await t.db
      .select()
      .from(operationFinalMeasurements)
      .where(eq(operationFinalMeasurements.operationId, operationId));
    expect(measurement).toMatchObject({ measuredNetKg: 48_500, shortfallKg: 1_500, refundCents: 93_000 });
  });
});
