import { randomUUID } from 'node:crypto';
import { type OperationDetail, type OrderFormResponse, HOUR_MS, TERMS_VERSION } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, operationWaitlist } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { createOpenOperation, getTonnage, placeOrder, requestOrder } from '../../test/deals';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';

/**
 * Conflict of interest: the account that published an operation never takes
 * part in it as a buyer, even after switching itself to buyer mode.
 */
describe('a seller on its own operation', () => {
  let t: TestApp;
  let seller: Record<string, string>;
  let buyer: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await signIn(t, 'vendedor@tradeops.demo');
    buyer = await signIn(t, 'comprador@tradeops.demo');
    // The probe's first step: the seller switches its own account to buyer mode.
    const mode = await t.app.inject({
      method: 'PUT',
      url: '/api/session/mode',
      headers: seller,
      payload: { mode: 'source' },
    });
    expect(mode.statusCode, mode.body).toBe(200);
  });
  afterAll(async () => t?.close());

  const ordersOf = (operationId: string) => t.db.select().from(orders).where(eq(orders.operationId, operationId));

  it('cannot order on it (403 OWN_OPERATION, translated), and nothing is reserved', async () => {
    const operation = await createOpenOperation(t.db);
    const response = await requestOrder(t.app, seller, operation.id, { volume: 5 });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'OWN_OPERATION', message: expect.stringContaining('publicaste') },
    });
    const english = await requestOrder(t.app, { ...seller, 'accept-language': 'en' }, operation.id, { volume: 5 });
    expect(english.json()).toMatchObject({
      error: { code: 'OWN_OPERATION', message: expect.stringContaining('published') },
    });
    expect(await ordersOf(operation.id)).toHaveLength(0);
    expect((await getTonnage(t.db, operation.id)).allocated).toBe(0);

    // Another buyer still orders as usual.
    await placeOrder(t.app, buyer, operation.id, 5);
  });

  it('is told so by the detail (isOwnOperation) and the order form (closedReason own_operation)', async () => {
    const operation = await createOpenOperation(t.db);
    const detail = await t.app.inject({ method: 'GET', url: `/api/operations/${operation.id}`, headers: seller });
    expect((detail.json() as OperationDetail).isOwnOperation).toBe(true);
    const buyerDetail = await t.app.inject({ method: 'GET', url: `/api/operations/${operation.id}`, headers: buyer });
    expect((buyerDetail.json() as OperationDetail).isOwnOperation).toBe(false);

    const form = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${operation.id}/order-form`,
      headers: seller,
    });
    expect(form.statusCode, form.body).toBe(200);
    expect((form.json() as OrderFormResponse).closedReason).toBe('own_operation');
    const buyerForm = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${operation.id}/order-form`,
      headers: buyer,
    });
    expect((buyerForm.json() as OrderFormResponse).closedReason).toBeNull();
  });

  it('cannot join the waitlist of its own full operation', async () => {
    const operation = await createOpenOperation(t.db, { allocatedTons: 20, status: 'allocated' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/waitlist`,
      headers: seller,
      payload: { volume: 5 },
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'OWN_OPERATION' } });
    const entries = await t.db.select().from(operationWaitlist).where(eq(operationWaitlist.operationId, operation.id));
    expect(entries).toHaveLength(0);
  });

  it('cannot claim tons it is invited to take on its own operation; the invitation and the tonnage stay as they were', async () => {
    // An invitation made before this rule existed (or written by hand): 5 t held for the seller. A deal
    // full only because of an outstanding invitation stays 'active'.
    const operation = await createOpenOperation(t.db, { allocatedTons: 20 });
    const [entry] = await t.db
      .insert(operationWaitlist)
      .values({
        operationId: operation.id,
        userId: demoUserId('vendedor'),
        volume: 5,
        status: 'invited',
        invitedTons: 5,
        invitedAt: new Date(),
        invitationExpiresAt: new Date(Date.now() + 24 * HOUR_MS),
      })
      .returning();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/waitlist/claim`,
      headers: seller,
      payload: { paymentMethod: 'cash', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'OWN_OPERATION' } });
    expect(await ordersOf(operation.id)).toHaveLength(0);
    const [after] = await t.db.select().from(operationWaitlist).where(eq(operationWaitlist.id, entry!.id));
    expect(after?.status).toBe('invited');
    expect((await getTonnage(t.db, operation.id)).allocated).toBe(20);
  });
});
