import { computeTotalCents } from '@tradeops/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  ledgerEntries,
  ledgerTransfers,
  notifications,
  operationMilestones,
  participations,
  operations,
  platformSettings,
  profiles,
} from '../../db/schema';
import { demoUserId } from '../../db/seed/demo-accounts';
import { demoOperationId } from '../../db/seed/demo-operations';
import { PDF_BYTES } from '../../test/kyc-files';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { getEscrowStates, recordDeposit } from '../escrow/escrow.service';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { confirmPayment } from '../participations/payments.service';
import { getOperationControl } from './lifecycle.service';

const BOUNDARY = '----tradeops-lifecycle';

/** A multipart body with text fields and an optional `document` file part. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

describe('operation lifecycle (back office)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let buyer: Record<string, string>;
  let seller: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    buyer = await signIn(t, 'comprador@tradeops.demo');
    seller = await signIn(t, 'vendedor@tradeops.demo');
  });
  afterAll(async () => t.close());

  /**
   * Fills a seeded 20 t deal with two buyers' confirmed, deposited orders (as the order and payment flows
   * would): funded when every order is paid, allocated while one is still in verification.
   */
  async function fillOperation(key: string, options: { confirmAll?: boolean } = {}): Promise<string[]> {
    const operationId = demoOperationId(key);
    const [operation] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    const buyers = [demoUserId('comprador'), demoUserId('importadora-andina')];
    const ids: string[] = [];
    await t.db.transaction(async (tx) => {
      for (const [index, userId] of buyers.entries()) {
        const volume = operation!.totalTons / 2;
        const isConfirmed = options.confirmAll !== false || index === 0;
        const [row] = await tx
          .insert(participations)
          .values({
            operationId,
            userId,
            volume,
            amountCents: computeTotalCents(operation!.pricePerTonCents, volume),
            paymentMethod: 'wire',
            paymentStatus: isConfirmed ? 'confirmed' : 'verification',
            paymentReference: `TO-LC-${key}-${index}`.toUpperCase(),
            confirmedAt: isConfirmed ? new Date() : null,
          })
          .returning({ id: participations.id });
        ids.push(row!.id);
        if (isConfirmed) await recordDeposit(tx, row!.id, null);
      }
      await tx
        .update(operations)
        .set({ allocatedTons: operation!.totalTons, status: options.confirmAll === false ? 'allocated' : 'funded' })
        .where(eq(operations.id, operationId));
    });
    return ids;
  }

  function step(
    operationId: string,
    name: string,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer },
    cookie = admin,
  ) {
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/operations/${operationId}/milestones/${name}`,
      headers: { ...cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(fields, file),
    });
  }

  const bill = { name: 'bill-of-lading.pdf', bytes: PDF_BYTES };

  it('runs a deal through every step to settlement, releasing escrow to the seller once', async () => {
    const [first, second] = await fillOperation('beef-cuts');
    const operationId = demoOperationId('beef-cuts');
    // Retention 0 days: settlement right after a passed inspection (the setting admins edit).
    await t.db.update(platformSettings).set({ value: 0 }).where(eq(platformSettings.key, 'fund_retention_days'));

    expect((await step(operationId, 'shipment_preparation', { occurred_at: daysAgo(4) })).statusCode).toBe(200);
    const noBill = await step(operationId, 'departure', { occurred_at: daysAgo(3) });
    expect(noBill.statusCode).toBe(400);
    expect(noBill.json().error.code).toBe('DOCUMENT_REQUIRED');
    expect((await step(operationId, 'departure', { occurred_at: daysAgo(3) }, bill)).statusCode).toBe(200);
    // Out of order: arrival again after arrival, or inspection before arrival.
    expect(
      (await step(operationId, 'inspection', { occurred_at: daysAgo(2), result: 'passed' }, bill)).json().error.code,
    ).toBe('LIFECYCLE_WRONG_STATUS');
    expect(
      (await step(operationId, 'arrival', { occurred_at: daysAgo(2), notes: 'La Guaira, muelle 4' })).statusCode,
    ).toBe(200);
    expect(
      (
        await step(
          operationId,
          'inspection',
          { occurred_at: daysAgo(1), result: 'passed' },
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

    const states = await getEscrowStates(t.db, [first!, second!]);
    expect(states.get(first!)).toMatchObject({ state: 'released', heldCents: 0, refundedCents: 0 });
    expect(states.get(second!)).toMatchObject({ state: 'released', heldCents: 0 });
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
    const releases = ledger.json().transfers.filter((transfer: { kind: string }) => transfer.kind === 'release') as {
      entries: { account: string; party: string | null; amount_cents: number }[];
    }[];
    expect(releases).toHaveLength(2);
    for (const release of releases) {
      expect(release.entries).toContainEqual(
        expect.objectContaining({ account: `seller:${demoUserId('vendedor')}`, party: sellerProfile!.companyName }),
      );
    }
    expect(ledger.json()).toMatchObject({ held_cents: 0 });
  });

  it('counts the fund retention in whole days from the inspection date: 0 days settles that day at any hour', async () => {
    await fillOperation('soybeans');
    const operationId = demoOperationId('soybeans');
    const today = new Date().toISOString().slice(0, 10);
    const setRetention = (days: number) =>
      t.db.update(platformSettings).set({ value: days }).where(eq(platformSettings.key, 'fund_retention_days'));
    await setRetention(0);
    expect((await step(operationId, 'shipment_preparation', { occurred_at: today })).statusCode).toBe(200);
    expect((await step(operationId, 'departure', { occurred_at: today }, bill)).statusCode).toBe(200);
    expect((await step(operationId, 'arrival', { occurred_at: today })).statusCode).toBe(200);
    const inspection = await step(operationId, 'inspection', { occurred_at: today, result: 'passed' }, bill);
    expect(inspection.statusCode).toBe(200);

    // Early in the morning (UTC) of the inspection day: a 0-day retention has already ended.
    const early = new Date(`${today}T00:30:00.000Z`);
    expect(await getOperationControl(t.db, operationId, early)).toMatchObject({
      settleableAt: `${today}T00:00:00.000Z`,
      canSettle: true,
    });
    // One day: not before the next day starts.
    await setRetention(1);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00.000Z`) + 86_400_000);
    const lastMinute = new Date(tomorrow.getTime() - 60_000);
    expect(await getOperationControl(t.db, operationId, lastMinute)).toMatchObject({
      settleableAt: tomorrow.toISOString(),
      canSettle: false,
    });
    expect((await getOperationControl(t.db, operationId, tomorrow)).canSettle).toBe(true);
    await setRetention(0);
  });

  it('refuses shipment preparation while a payment is unconfirmed, and keeps documents from strangers', async () => {
    await fillOperation('arabica-coffee', { confirmAll: false });
    const operationId = demoOperationId('arabica-coffee');
    const response = await step(operationId, 'shipment_preparation', { occurred_at: daysAgo(1) });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PAYMENTS_UNCONFIRMED');
    const [operation] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    expect(operation!.status).toBe('allocated');

    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${demoOperationId('beef-cuts')}/milestones/departure/document`,
      headers: await signIn(t, 'pendiente@tradeops.demo'),
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('funds a full deal when its last payment is confirmed, and only then prepares the shipment', async () => {
    await fillOperation('long-grain-rice', { confirmAll: false });
    const operationId = demoOperationId('long-grain-rice');
    expect(await getOperationControl(t.db, operationId)).toMatchObject({
      nextStep: 'shipment_preparation',
      blockedReason: 'PAYMENTS_UNCONFIRMED',
    });
    const [unpaid] = await t.db
      .select()
      .from(participations)
      .where(and(eq(participations.operationId, operationId), eq(participations.paymentStatus, 'verification')));
    await confirmPayment(t.db, { user: { id: demoUserId('admin') } } as AuthContext, unpaid!.id, unpaid!.proofRevision);

    const [operation] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    expect(operation!.status).toBe('funded');
    const funded = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, operationId), eq(auditLog.action, 'operation.fund')));
    expect(funded).toHaveLength(1);
    expect(funded[0]!.data).toMatchObject({ from: 'allocated', to: 'funded', event: 'fund' });
    expect(await getOperationControl(t.db, operationId)).toMatchObject({
      nextStep: 'shipment_preparation',
      blockedReason: null,
    });
    expect((await step(operationId, 'shipment_preparation', { occurred_at: daysAgo(1) })).statusCode).toBe(200);
  });

  it('refuses bad step input and changes nothing', async () => {
    const operationId = demoOperationId('cocoa-liquor');
    const before = await t.db.select({ count: sql<number>`count(*)::int` }).from(auditLog);
    for (const [name, fields, file] of [
      ['shipment_preparation', { occurred_at: 'mañana' }, undefined],
      ['shipment_preparation', { occurred_at: '2999-01-01' }, undefined],
      ['inspection', { occurred_at: daysAgo(1) }, bill],
      ['departure', { occurred_at: daysAgo(1) }, { name: 'bill.pdf', bytes: Buffer.from('MZ not a pdf') }],
      ['departure', { occurred_at: daysAgo(1) }, { name: '../../etc/passwd.pdf', bytes: PDF_BYTES }],
    ] as const) {
      const response = await step(operationId, name, fields, file);
      expect(response.statusCode, `${name} ${JSON.stringify(fields)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error.code).toBeTruthy();
    }
    const seller = await step(operationId, 'shipment_preparation', { occurred_at: daysAgo(1) }, undefined, buyer);
    expect(seller.statusCode).toBe(403);
    const after = await t.db.select({ count: sql<number>`count(*)::int` }).from(auditLog);
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it('opens a dispute on a failed inspection and settles it with partial refunds through the ledger', async () => {
    const [first, second] = await fillOperation('refined-sugar');
    const operationId = demoOperationId('refined-sugar');
    await step(operationId, 'shipment_preparation', { occurred_at: daysAgo(5) });
    await step(operationId, 'departure', { occurred_at: daysAgo(4) }, bill);
    await step(operationId, 'arrival', { occurred_at: daysAgo(3) });
    await step(operationId, 'inspection', { occurred_at: daysAgo(2), result: 'failed' }, bill);

    const settle = await t.app.inject({
      method: 'POST',
      url: `/api/admin/operations/${operationId}/settle`,
      headers: admin,
    });
    expect(settle.json().error.code).toBe('DISPUTE_OPEN');
    const [disputed] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    expect(disputed!.status).toBe('disputed');
    expect((await getOperationControl(t.db, operationId)).isDisputeOpen).toBe(true);

    const held = (await getEscrowStates(t.db, [first!])).get(first!)!.heldCents;
    const decide = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/operations/${operationId}/dispute/decision`,
        headers: admin,
        payload: body,
      });
    const tooMuch = await decide({
      decision: 'partial',
      reason: 'Humedad fuera de norma',
      refunds: { [first!]: held + 1 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe('REFUND_EXCEEDS_HELD');
    expect((await decide({ decision: 'partial', reason: ' ' })).statusCode).toBe(400);

    const quarter = held / 4;
    const decided = await decide({
      decision: 'partial',
      reason: 'Humedad fuera de norma',
      refunds: { [first!]: quarter },
    });
    expect(decided.statusCode).toBe(200);
    const states = await getEscrowStates(t.db, [first!, second!]);
    expect(states.get(first!)).toMatchObject({ state: 'split', refundedCents: quarter, releasedCents: held - quarter });
    expect(states.get(second!)).toMatchObject({ state: 'released', refundedCents: 0 });
    expect((await decide({ decision: 'refund', reason: 'otra vez' })).statusCode).toBe(409);

    const transfers = await t.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.operationId, operationId), sql`${ledgerTransfers.kind} <> 'deposit'`));
    expect(transfers).toHaveLength(2);
  });

  it('cancels a deal with a reason, refunding every held deposit once', async () => {
    const [first, second] = await fillOperation('yellow-corn');
    const operationId = demoOperationId('yellow-corn');
    const cancel = (reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/operations/${operationId}/cancel`,
        headers: admin,
        payload: { reason },
      });
    expect((await cancel('  ')).statusCode).toBe(400);
    expect((await cancel('El proveedor no puede cumplir')).statusCode).toBe(200);
    const states = await getEscrowStates(t.db, [first!, second!]);
    expect(states.get(first!)).toMatchObject({ state: 'refunded', heldCents: 0 });
    expect(states.get(second!)).toMatchObject({ state: 'refunded', heldCents: 0 });
    const [operation] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    expect(operation).toMatchObject({ status: 'cancelled', allocatedTons: 0 });
    expect((await cancel('otra vez')).json().error.code).toBe('LIFECYCLE_WRONG_STATUS');
  });

  it('lists deals for the back office and hides it from sellers', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/operations', headers: admin });
    expect(list.statusCode).toBe(200);
    const beef = list.json().data.find((row: { id: string }) => row.id === demoOperationId('beef-cuts'));
    expect(beef).toMatchObject({ status: 'settled', escrowHeldCents: 0, nextStep: null });
    const sugar = list.json().data.find((row: { id: string }) => row.id === demoOperationId('refined-sugar'));
    expect(sugar.status).toBe('settled');
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/operations',
      headers: seller,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
