import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, operations } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { AppError } from '../../errors';
import { createOpenOperation, getTonnage } from '../../test/deals';
import { type TestApp, createTestApp } from '../../test/test-app';
import { allocateTons, lockExistingOperation, returnTons, transition } from './operation-aggregate';

describe('operation aggregate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  async function addPaidOrder(operationId: string, volume: number) {
    const [row] = await t.db
      .insert(orders)
      .values({
        operationId,
        userId: demoUserId('comprador'),
        volume,
        amountCents: volume * 100_000,
        paymentMethod: 'wire',
        paymentStatus: 'confirmed',
        paymentReference: `TO-AG-${randomUUID().slice(0, 8)}`.toUpperCase(),
        confirmedAt: new Date(),
      })
      .returning();
    return row!;
  }

  async function codeOf(promise: Promise<unknown>): Promise<string | null> {
    try {
      await promise;
      return null;
    } catch (error) {
      return error instanceof AppError ? error.code : String(error);
    }
  }

  it('reopens a funded deal when a paid order gives its tons back, with an audit row naming the move', async () => {
    const operation = await createOpenOperation(t.db, { allocatedTons: 20, status: 'funded' });
    const first = await addPaidOrder(operation.id, 10);
    await addPaidOrder(operation.id, 10);
    const now = new Date();
    await t.db.transaction(async (tx) => {
      const locked = await lockExistingOperation(tx, operation.id);
      await tx.update(orders).set({ status: 'cancelled', endedAt: now }).where(eq(orders.id, first.id));
      await returnTons(tx, locked.id, 10, { actorId: null, now });
    });
    expect(await getTonnage(t.db, operation.id)).toMatchObject({ allocated: 10, orderTons: 10, status: 'active' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, operation.id), eq(auditLog.action, 'operation.free_tons')));
    expect(audit?.data).toMatchObject({ from: 'funded', to: 'active', event: 'free_tons', freedTons: 10 });
  });

  it('refuses a change of allocated tons that breaks the invariant, and rolls it back', async () => {
    const operation = await createOpenOperation(t.db);
    const code = await codeOf(
      t.db.transaction(async (tx) => {
        const locked = await lockExistingOperation(tx, operation.id);
        // Five tons with no order or offer holding them.
        await allocateTons(tx, locked, 5, { actorId: null, now: new Date(), fill: true });
      }),
    );
    expect(code).toBe('OPERATION_TONS_MISMATCH');
    expect(await getTonnage(t.db, operation.id)).toMatchObject({ allocated: 0, status: 'active' });
  });

  it('fills an open deal when an order takes the last ton', async () => {
    const operation = await createOpenOperation(t.db);
    // The order is written first (as placeOrder does, before the tons are counted).
    await addPaidOrder(operation.id, 20);
    await t.db.transaction(async (tx) => {
      const locked = await lockExistingOperation(tx, operation.id);
      await allocateTons(tx, locked, 20, { actorId: null, now: new Date(), fill: true });
    });
    expect(await getTonnage(t.db, operation.id)).toMatchObject({ allocated: 20, status: 'allocated' });
  });

  it('refuses what the state table refuses and leaves the row as it was', async () => {
    const operation = await createOpenOperation(t.db);
    const code = await codeOf(
      t.db.transaction(async (tx) => {
        const locked = await lockExistingOperation(tx, operation.id);
        await transition(tx, locked, 'prepare_shipment', { actorId: null });
      }),
    );
    expect(code).toBe('OPERATION_TRANSITION_NOT_ALLOWED');
    const [row] = await t.db.select().from(operations).where(eq(operations.id, operation.id));
    expect(row!.status).toBe('active');
  });

  it('answers OPERATION_NOT_FOUND for an operation that does not exist', async () => {
    const code = await codeOf(t.db.transaction((tx) => lockExistingOperation(tx, randomUUID())));
    expect(code).toBe('OPERATION_NOT_FOUND');
  });
});
