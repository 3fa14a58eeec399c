import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../db/schema';
import { demoOperationId } from '../../seed/demo-operations';
import { fillOperation } from '../../test/lifecycle';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { getEscrowStates } from '../escrow/read-escrow.service';

describe('operation lifecycle (back office)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let seller: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    seller = await signIn(t, 'vendedor@tradeops.demo');
  });
  afterAll(async () => t.close());

  it('cancels a deal with a reason, refunding every held deposit once', async () => {
    const [first, second] = await fillOperation(t, 'yellow-corn');
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

  it('lists deals for the back office, with the escrow they hold and their next step, and hides it from sellers', async () => {
    const [first, second] = await fillOperation(t, 'beef-cuts');
    const held = await getEscrowStates(t.db, [first!, second!]);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/operations', headers: admin });
    expect(list.statusCode).toBe(200);
    const beef = list.json().items.find((row: { id: string }) => row.id === demoOperationId('beef-cuts'));
    expect(beef).toMatchObject({
      status: 'funded',
      escrowHeldCents: held.get(first!)!.heldCents + held.get(second!)!.heldCents,
      nextStep: 'shipment_preparation',
    });
    expect(beef.escrowHeldCents).toBeGreaterThan(0);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/operations',
      headers: seller,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
