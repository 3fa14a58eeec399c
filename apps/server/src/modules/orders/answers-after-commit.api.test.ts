import { TERMS_VERSION } from '@tradeops/shared';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase } from '../../db/client';
import { operations, orders } from '../../db/schema';
import { createApprovedBuyers } from '../../test/buyers';
import { DEMO_ADMIN } from '../../test/callers';
import { createOpenOperation } from '../../test/deals';
import { type TestApp, createTestApp } from '../../test/test-app';
import { placeOrder } from './place-order.service';
import { confirmPayment, rejectPayment } from './payments.service';

/**
 * Found by the soak under CPU starvation: a confirmation committed its deposit, then read the
 * escrow state on another pool connection, whose connect timed out, and the admin got a 503 for a
 * payment that was confirmed (78 answers of 200 against 84 deposits). A write answers from what
 * its own transaction saw. The database here refuses every use once a transaction has committed.
 */
function refusingAfterCommit(db: AppDatabase): AppDatabase {
  let hasCommitted = false;
  return new Proxy(db, {
    get(target, property) {
      if (hasCommitted) throw new Error(`database used after the commit (${String(property)})`);
      if (property === 'transaction')
        return async (...args: Parameters<AppDatabase['transaction']>) => {
          const result = await target.transaction(...args);
          hasCommitted = true;
          return result;
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('a write answers from its own transaction, with no read after the commit', () => {
  let t: TestApp;
  let buyerId: string;
  let operationId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const [buyer] = await createApprovedBuyers(t, 1, 'after-commit');
    buyerId = buyer!.userId;
    operationId = (await createOpenOperation(t.db, { totalTons: 40 })).id;
  });
  afterAll(async () => t?.close());

  async function orderWithProof(volume: number): Promise<string> {
    const id = randomUUID();
    await t.db.insert(orders).values({
      id,
      operationId,
      userId: buyerId,
      volume,
      amountCents: volume * 100_000,
      paymentMethod: 'wire',
      paymentStatus: 'verification',
      status: 'active',
      paymentReference: `AC-${id.slice(0, 8)}`,
      proofUploadedAt: new Date(),
      proofRevision: 1,
    });
    return id;
  }

  it('places an order', async () => {
    const user = {
      id: buyerId,
      email: 'x@example.com',
      name: 'X',
      emailVerified: true,
      twoFactorEnabled: false,
      passwordSetViaMailboxAt: null,
    };
    const result = await placeOrder(refusingAfterCommit(t.db), { user }, operationId, {
      volume: 10,
      paymentMethod: 'wire',
      idempotencyKey: randomUUID(),
      termsVersion: TERMS_VERSION,
    });
    expect(result).toMatchObject({ created: true, order: { volume: 10, escrow: { state: 'none' } } });
    const [operation] = await t.db.select().from(operations).where(eq(operations.id, operationId));
    expect(operation!.allocatedTons).toBe(10);
  });

  it('confirms a payment, with the deposit it made in escrow', async () => {
    const orderId = await orderWithProof(10);
    const confirmed = await confirmPayment(refusingAfterCommit(t.db), DEMO_ADMIN, orderId, 1);
    expect(confirmed).toMatchObject({ paymentStatus: 'confirmed', escrow: { heldCents: 1_000_000 } });
  });

  it('rejects a proof', async () => {
    const orderId = await orderWithProof(5);
    const rejected = await rejectPayment(refusingAfterCommit(t.db), DEMO_ADMIN, orderId, 'Ilegible', 1);
    expect(rejected).toMatchObject({ paymentStatus: 'rejected', paymentRejectedReason: 'Ilegible' });
  });
});
