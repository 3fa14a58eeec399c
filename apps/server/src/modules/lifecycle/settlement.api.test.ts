import { todayIsoDate } from '@tradeops/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerEntries,
  notifications,
  operationMilestones,
  operations,
  platformSettings,
  profiles,
} from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { demoOperationId } from '../../seed/demo-operations';
import { BILL, daysAgo, fillOperation, recordStep } from '../../test/lifecycle';
import { PDF_BYTES } from '../../test/kyc-files';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { getEscrowStates } from '../escrow/read-escrow.service';
import { getOperationControl } from './lifecycle.service';

describe('settlement (back office)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let buyer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    buyer = await signIn(t, 'comprador@tradeops.demo');
  });
  afterAll(async () => t.close());

  it('runs a deal through every step to settlement, releasing escrow to the seller once', async () => {
    const [first, second] = await fillOperation(t, 'beef-cuts');
    const operationId = demoOperationId('beef-cuts');
    // Retention 0 days: settlement right after a passed inspection (the setting admins edit).
    await t.db.update(platformSettings).set({ value: 0 }).where(eq(platformSettings.key, 'fund_retention_days'));

    expect(
      (await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: daysAgo(4) })).statusCode,
    ).toBe(200);
    const noBill = await recordStep(t, admin, operationId, 'departure', { occurredAt: daysAgo(3) });
    expect(noBill.statusCode).toBe(400);
    expect(noBill.json().error.code).toBe('DOCUMENT_REQUIRED');
    expect((await recordStep(t, admin, operationId, 'departure', { occurredAt: daysAgo(3) }, BILL)).statusCode).toBe(
      200,
    );
    // Out of order: arrival again after arrival, or inspection before arrival.
    expect(
      (await recordStep(t, admin, operationId, 'inspection', { occurredAt: daysAgo(2), result: 'passed' }, BILL)).json()
        .error.code,
    ).toBe('LIFECYCLE_WRONG_STATUS');
    expect(
      (await recordStep(t, admin, operationId, 'arrival', { occurredAt: daysAgo(2), notes: 'La Guaira, muelle 4' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await recordStep(
          t,
          admin,
          operationId,
          'inspection',
          { occurredAt: daysAgo(1), result: 'passed' },
          { name: 'informe.pdf', bytes: PDF_BYTES },
        )
      ).statusCode,
    ).toBe(200);

    const control = await t.app.inject({
      method: 'GET',
      url: `/api/admin/operations/${operationId}/control`,
      headers: admin,
    });
    expect(control.json()).toMatchObject({
      nextStep: null,
      inspectionResult: 'passed',
      canSettle: true,
      isDisputeOpen: false,
    });

    // A buyer of the deal reads the bill of lading; the seller too.
    const document = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${operationId}/milestones/departure/document`,
      headers: buyer,
    });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['x-content-type-options']).toBe('nosniff');

    const settle = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/operations/${operationId}/settle`,
        headers: admin,
      });
    const [a, b] = await Promise.all([settle(), settle()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);

    // The first tranche: 90 % to the seller, 10 % held back until the final measurement (its own test).
    const states = await getEscrowStates(t.db, [first!, second!]);
    expect(states.get(first!)).toMatchObject({ state: 'held', heldCents: 1_200_000, refundedCents: 0 });
    expect(states.get(second!)).toMatchObject({ state: 'held', heldCents: 1_200_000 });
    const [operation] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    expect(operation!.status).toBe('settled');
    const milestones = await t.db
      .select()
      .from(operationMilestones)
      .where(eq(operationMilestones.operationId, operationId));
    expect(milestones.map((m) => m.kind).sort()).toEqual(
      ['arrival', 'departure', 'inspection', 'settlement', 'shipment_preparation'].sort(),
    );
    // Every participant and the seller heard of each of the five steps.
    const told = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, demoUserId('vendedor')), sql`${notifications.type} like 'operation.%'`));
    expect(told[0]!.count).toBeGreaterThanOrEqual(5);
    const [balance] = await t.db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries);
    expect(Number(balance!.total)).toBe(0);

    // The ledger page's data: one release per order, each paid to the seller's account, named by company.
    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/admin/operations/${operationId}/ledger`,
      headers: admin,
    });
    const [sellerProfile] = await t.db
      .select({ companyName: profiles.companyName })
      .from(profiles)
      .where(eq(profiles.id, demoUserId('vendedor')));
    const releases = ledger.json().items.filter((transfer: { kind: string }) => transfer.kind === 'release') as {
      entries: { account: string; party: string | null; amountCents: number }[];
    }[];
    expect(releases).toHaveLength(2);
    for (const release of releases) {
      // Three entries summing to zero: escrow −held, seller +(held − 2 %), platform:revenue +2 % (the default fee).
      const escrowOut = -release.entries.find((entry) => entry.account.startsWith('escrow:'))!.amountCents;
      const fee = Math.floor((escrowOut * 200) / 10_000);
      expect(fee).toBeGreaterThan(0);
      expect(release.entries).toHaveLength(3);
      expect(release.entries).toContainEqual(
        expect.objectContaining({
          account: `seller:${demoUserId('vendedor')}`,
          party: sellerProfile!.companyName,
          amountCents: escrowOut - fee,
        }),
      );
      expect(release.entries).toContainEqual(
        expect.objectContaining({ account: 'platform:revenue', amountCents: fee }),
      );
      expect(release.entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    }
    // The holdback stays in escrow until the final measurement.
    expect(ledger.json()).toMatchObject({ heldCents: 2_400_000 });
    // The back office's list shows the deal closed, the holdback held, no step left.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/operations', headers: admin });
    expect(list.json().items.find((row: { id: string }) => row.id === operationId)).toMatchObject({
      status: 'settled',
      escrowHeldCents: 2_400_000,
      nextStep: null,
    });
  });

  it('counts the fund retention in whole days from the inspection date: 0 days settles that day at any hour', async () => {
    await fillOperation(t, 'soybeans');
    const operationId = demoOperationId('soybeans');
    const today = todayIsoDate();
    const setRetention = (days: number) =>
      t.db.update(platformSettings).set({ value: days }).where(eq(platformSettings.key, 'fund_retention_days'));
    await setRetention(0);
    expect((await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: today })).statusCode).toBe(
      200,
    );
    expect((await recordStep(t, admin, operationId, 'departure', { occurredAt: today }, BILL)).statusCode).toBe(200);
    expect((await recordStep(t, admin, operationId, 'arrival', { occurredAt: today })).statusCode).toBe(200);
    const inspection = await recordStep(
      t,
      admin,
      operationId,
      'inspection',
      { occurredAt: today, result: 'passed' },
      BILL,
    );
    expect(inspection.statusCode).toBe(200);

    // Early in the morning (UTC) of the inspection day: a 0-day retention has already ended.
    const early = new Date(`${today}T00:30:00.000Z`);
    expect(await getOperationControl(t.db, operationId, 'es', early)).toMatchObject({
      settleableAt: `${today}T00:00:00.000Z`,
      canSettle: true,
    });
    // One day: not before the next day starts.
    await setRetention(1);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00.000Z`) + 86_400_000);
    const lastMinute = new Date(tomorrow.getTime() - 60_000);
    expect(await getOperationControl(t.db, operationId, 'es', lastMinute)).toMatchObject({
      settleableAt: tomorrow.toISOString(),
      canSettle: false,
    });
    expect((await getOperationControl(t.db, operationId, 'es', tomorrow)).canSettle).toBe(true);
    await setRetention(0);
  });
});
