import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, orders, operations } from '../../db/schema';
import { createApprovedBuyers } from '../../test/buyers';
import { DEMO_ADMIN } from '../../test/callers';
import { createOpenOperation } from '../../test/deals';
import { lockWaiters } from '../../test/locks';
import { type TestApp, createTestApp } from '../../test/test-app';
import { endOperationWithRefunds } from '../operations/operation-end.service';
import { confirmPayment } from './payments.service';

/**
 * Found while writing bench/soak.mjs (its operation-end race): a payment confirmed while its
 * operation ends (an admin's cancel, the deadline job). Ending the operation locks the operation
 * row, then the order rows; a confirmation that locked the order row first and then wrote its
 * deposit (whose foreign key to the operation needs a share lock on the operation row) closed the
 * cycle, and PostgreSQL aborted one of them with a deadlock: a 500 for the admin, a failed job.
 * PGlite runs one transaction at a time, so this runs on PostgreSQL only.
 */
describe.runIf(process.env.DATABASE_URL)('confirming a payment while its operation ends (PostgreSQL)', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('waits for the operation lock first: no deadlock, the ended order is not confirmed and nothing is deposited', async () => {
    t = await createTestApp();
    const [buyer] = await createApprovedBuyers(t, 1, 'lock-order');
    const operation = await createOpenOperation(t.db, { totalTons: 20 });
    const orderId = randomUUID();
    await t.db.insert(orders).values({
      id: orderId,
      operationId: operation.id,
      userId: buyer!.userId,
      volume: 10,
      amountCents: 10 * operation.pricePerTonCents,
      paymentMethod: 'wire',
      paymentStatus: 'verification',
      status: 'active',
      paymentReference: `LOCK-${orderId.slice(0, 8)}`,
      proofUploadedAt: new Date(),
      proofRevision: 1,
    });
    await t.db.update(operations).set({ allocatedTons: 10 }).where(eq(operations.id, operation.id));

    let confirming: Promise<unknown> = Promise.resolve();
    // The operation's end holds its row lock while the admin confirms the payment.
    const ended = await t.db.transaction(async (tx) => {
      await tx.select({ id: operations.id }).from(operations).where(eq(operations.id, operation.id)).for('update');
      confirming = confirmPayment(t.db, DEMO_ADMIN, orderId, 1).then(
        () => 'confirmed',
        (error: unknown) => error,
      );
      await expect.poll(() => lockWaiters(t.db), { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      return endOperationWithRefunds(tx, operation.id, { status: 'cancelled', reason: 'test', actorId: null });
    });

    expect(ended).toMatchObject({ endedOrders: 1, refundedOrders: 0 });
    expect(await confirming).toMatchObject({ code: 'PAYMENT_NOT_IN_VERIFICATION' });
    const deposits = await t.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.orderId, orderId), eq(ledgerTransfers.kind, 'deposit')));
    expect(deposits).toHaveLength(0);
  });
});
