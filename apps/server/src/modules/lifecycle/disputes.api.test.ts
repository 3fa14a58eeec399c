import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, operations } from '../../db/schema';
import { demoOperationId } from '../../seed/demo-operations';
import { BILL, daysAgo, fillOperation, recordStep } from '../../test/lifecycle';
import { type TestApp, createTestAppAsAdmin } from '../../test/test-app';
import { getEscrowStates } from '../escrow/read-escrow.service';
import { getOperationControl } from './lifecycle.service';

describe('disputes (back office)', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => ({ t, admin } = await createTestAppAsAdmin()));
  afterAll(async () => t.close());

  it('opens a dispute on a failed inspection and settles it with partial refunds through the ledger', async () => {
    const [first, second] = await fillOperation(t, 'refined-sugar');
    const operationId = demoOperationId('refined-sugar');
    await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: daysAgo(5) });
    await recordStep(t, admin, operationId, 'departure', { occurredAt: daysAgo(4) }, BILL);
    await recordStep(t, admin, operationId, 'arrival', { occurredAt: daysAgo(3) });
    await recordStep(t, admin, operationId, 'inspection', { occurredAt: daysAgo(2), result: 'failed' }, BILL);

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
      // Every other amount given: the only fault is the one over what the order holds (which order the server
      // checks first is not this case's subject).
      refunds: { [first!]: held + 1, [second!]: 0 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe('REFUND_EXCEEDS_HELD');
    expect((await decide({ decision: 'partial', reason: ' ' })).statusCode).toBe(400);
    // A blank is not $0: every order holding money needs its amount, 0 only when given.
    const missing = await decide({ decision: 'partial', reason: 'Humedad fuera de norma', refunds: { [first!]: 1 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'REFUND_MISSING',
      message: 'Falta el monto de Importadora Andina C.A. (0 si no hay reembolso).',
    });

    const quarter = held / 4;
    const decided = await decide({
      decision: 'partial',
      reason: 'Humedad fuera de norma',
      refunds: { [first!]: quarter, [second!]: 0 },
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
    // A code the UI words in the viewer's language, not prose in one language.
    expect(transfers.map((transfer) => transfer.memo)).toEqual(['dispute_partial', 'dispute_partial']);
  });
});
