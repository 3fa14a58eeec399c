import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operationFinalMeasurements, platformSettings } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { demoOperationId } from '../../seed/demo-operations';
import { PDF_BYTES } from '../../test/kyc-files';
import { BILL, daysAgo, fillOperation, recordPartnerStep, recordStep } from '../../test/lifecycle';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { getEscrowStates } from '../escrow/read-escrow.service';

/**
 * The inspector's measurement pays the holdback out (issue 28, docs/decisions/021): the net weight
 * the assigned inspector certifies at inspection is the final measurement the admin confirms, with
 * the same preview and the same transaction as a weight the admin types. The refined sugar deal:
 * 50 t at $620/t in two orders of 25 t, tolerance ± 2 %; the inspector measures 48.5 t (3 % short).
 */
describe("the inspector's measured net weight is the holdback's final measurement", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let inspector: Record<string, string>;
  const operationId = demoOperationId('refined-sugar');
  let orders: string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    inspector = await signIn(t, 'inspector@tradeops.demo');
    orders = await fillOperation(t, 'refined-sugar');
    await t.db.update(platformSettings).set({ value: 0 }).where(eq(platformSettings.key, 'fund_retention_days'));
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/operations/${operationId}/${url}`, headers: admin, payload });
  const control = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/operations/${operationId}/control`, headers: admin })).json();

  it('shows the admin the weight the inspector recorded, and who recorded it', async () => {
    const assigned = await post('partners', { userId: demoUserId('inspector') });
    expect(assigned.statusCode).toBe(200);
    for (const [step, fields, file] of [
      ['shipment_preparation', { occurredAt: daysAgo(4) }, undefined],
      ['departure', { occurredAt: daysAgo(3) }, BILL],
      ['arrival', { occurredAt: daysAgo(2) }, undefined],
    ] as const) {
      expect((await recordStep(t, admin, operationId, step, fields, file)).statusCode).toBe(200);
    }
    expect((await control()).inspectionMeasurement).toBeNull();
    const inspection = await recordPartnerStep(
      t,
      inspector,
      operationId,
      'inspection',
      { occurredAt: daysAgo(1), result: 'passed', netWeightKg: '48500', quality: 'Polarización 99,8°' },
      { name: 'certificado.pdf', bytes: PDF_BYTES },
    );
    expect(inspection.statusCode).toBe(200);
    expect((await control()).inspectionMeasurement).toEqual({
      netWeightKg: 48_500,
      quality: 'Polarización 99,8°',
      recordedBy: 'Inspecciones y Certificaciones Andinas S.A.',
      occurredAt: expect.any(String),
    });
    const preview = await post('payout-preview', { action: 'settle' });
    expect((await post('settle', { previewDigest: preview.json().digest })).statusCode).toBe(200);
  });

  it("books the inspector's 3 % shortfall: each buyer refunded its share, the seller paid the rest", async () => {
    // No weight typed: the preview and the measurement both take the inspector's 48 500 kg.
    const preview = await post('payout-preview', { action: 'final_measurement' });
    expect(preview.statusCode).toBe(200);
    // Beyond the ± 2 % tolerance, the whole shortfall is refunded: 3 100 000 ¢ × 1 500 kg / 50 000 kg = 93 000 ¢.
    expect(preview.json().lines).toEqual([
      expect.objectContaining({ heldCents: 155_000, refundCents: 46_500, grossCents: 108_500, feeCents: 2_170 }),
      expect.objectContaining({ heldCents: 155_000, refundCents: 46_500, grossCents: 108_500, feeCents: 2_170 }),
    ]);
    // The same figures as a typed 48.5 t: the digest of one confirms the other.
    const typed = await post('payout-preview', { action: 'final_measurement', measuredNetTons: 48.5 });
    expect(typed.json().digest).toBe(preview.json().digest);

    const done = await post('final-measurement', { previewDigest: preview.json().digest });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      contractedKg: 50_000,
      measuredNetKg: 48_500,
      toleranceKg: 1_000,
      shortfallKg: 1_500,
      refundCents: 93_000,
      releasedCents: 217_000,
    });
    const states = await getEscrowStates(t.db, orders);
    for (const id of orders) {
      expect(states.get(id)).toMatchObject({ state: 'split', heldCents: 0, refundedCents: 46_500 });
    }
    const [measurement] = await t.db
      .select()
      .from(operationFinalMeasurements)
      .where(eq(operationFinalMeasurements.operationId, operationId));
    expect(measurement).toMatchObject({ measuredNetKg: 48_500, shortfallKg: 1_500, refundCents: 93_000 });
    const [audit] = await t.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, operationId), eq(auditLog.action, 'operation.final_measurement')));
    expect(audit?.data).toMatchObject({ measuredBy: 'inspection', inspectionNetKg: 48_500, measuredNetKg: 48_500 });
  });
});
