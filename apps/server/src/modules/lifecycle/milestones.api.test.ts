import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, operations } from '../../db/schema';
import { demoOperationId } from '../../seed/demo-operations';
import { BILL, daysAgo, fillOperation, recordStep } from '../../test/lifecycle';
import { PDF_BYTES } from '../../test/kyc-files';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { confirmPayment } from '../orders/payments.service';
import { getOperationControl } from './lifecycle.service';
import { DEMO_ADMIN } from '../../test/callers';

describe('milestones: shipment and inspection steps (back office)', () => {
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

  it('refuses shipment preparation while a payment is unconfirmed', async () => {
    await fillOperation(t, 'arabica-coffee', { confirmAll: false });
    const operationId = demoOperationId('arabica-coffee');
    const response = await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: daysAgo(1) });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PAYMENTS_UNCONFIRMED');
    const [operation] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    expect(operation!.status).toBe('allocated');
  });

  it('shows the document of a step to the buyers and seller of the deal, and to nobody else', async () => {
    await fillOperation(t, 'beef-cuts');
    const operationId = demoOperationId('beef-cuts');
    expect(
      (await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: daysAgo(2) })).statusCode,
    ).toBe(200);
    expect((await recordStep(t, admin, operationId, 'departure', { occurredAt: daysAgo(1) }, BILL)).statusCode).toBe(
      200,
    );
    const read = (cookie: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: `/api/operations/${operationId}/milestones/departure/document`,
        headers: cookie,
      });
    const document = await read(buyer);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['x-content-type-options']).toBe('nosniff');
    expect((await read(seller)).statusCode).toBe(200);
    expect((await read(await signIn(t, 'pendiente@tradeops.demo'))).statusCode).toBe(404);
  });

  it('funds a full deal when its last payment is confirmed, and only then prepares the shipment', async () => {
    await fillOperation(t, 'long-grain-rice', { confirmAll: false });
    const operationId = demoOperationId('long-grain-rice');
    expect(await getOperationControl(t.db, operationId)).toMatchObject({
      nextStep: 'shipment_preparation',
      blockedReason: 'PAYMENTS_UNCONFIRMED',
    });
    const [unpaid] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.operationId, operationId), eq(orders.paymentStatus, 'verification')));
    await confirmPayment(t.db, DEMO_ADMIN, unpaid!.id, unpaid!.proofRevision);

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
    expect(
      (await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: daysAgo(1) })).statusCode,
    ).toBe(200);
  });

  it('refuses bad step input and changes nothing', async () => {
    const operationId = demoOperationId('cocoa-liquor');
    const before = await t.db.select({ count: sql<number>`count(*)::int` }).from(auditLog);
    for (const [name, fields, file] of [
      ['shipment_preparation', { occurredAt: 'mañana' }, undefined],
      ['shipment_preparation', { occurredAt: '2999-01-01' }, undefined],
      ['inspection', { occurredAt: daysAgo(1) }, BILL],
      ['departure', { occurredAt: daysAgo(1) }, { name: 'bill.pdf', bytes: Buffer.from('MZ not a pdf') }],
      ['departure', { occurredAt: daysAgo(1) }, { name: '../../etc/passwd.pdf', bytes: PDF_BYTES }],
    ] as const) {
      const response = await recordStep(t, admin, operationId, name, fields, file);
      expect(response.statusCode, `${name} ${JSON.stringify(fields)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error.code).toBeTruthy();
    }
    const seller = await recordStep(t, buyer, operationId, 'shipment_preparation', { occurredAt: daysAgo(1) });
    expect(seller.statusCode).toBe(403);
    const after = await t.db.select({ count: sql<number>`count(*)::int` }).from(auditLog);
    expect(after[0]!.count).toBe(before[0]!.count);
  });
});
