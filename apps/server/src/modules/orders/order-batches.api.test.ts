import { TERMS_VERSION } from '@tradeops/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase } from '../../db/client';
import { auditLog, notifications, operations, orders, screenings } from '../../db/schema';
import { AppError } from '../../errors';
import { type ApprovedBuyer, createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation } from '../../test/deals';
import { type TestApp, createTestApp } from '../../test/test-app';
import { placeOrder } from './place-order.service';

/**
 * The order desk places the orders that arrive together in one transaction (decision 025): each is
 * checked against what the orders before it left, answered on its own, and written, audited and
 * notified as if it had been placed alone.
 */

/** The database, counting the transactions opened on it (each proxy is a desk of its own). */
function countingTransactions(db: AppDatabase, failFirst = false) {
  const counter = { transactions: 0 };
  const proxy = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return async (...args: Parameters<AppDatabase['transaction']>) => {
          counter.transactions += 1;
          // A deadlock's error, as PostgreSQL reports one: the batch's transaction fails as a whole.
          if (failFirst && counter.transactions === 1) {
            throw Object.assign(new Error('deadlock detected'), { code: '40P01', severity: 'ERROR' });
          }
          return target.transaction(...args);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxy, counter };
}

function order(db: AppDatabase, buyer: ApprovedBuyer, operationId: string, volume: number, key = randomUUID()) {
  return placeOrder(db, { user: { id: buyer.userId } } as Parameters<typeof placeOrder>[1], operationId, {
    volume,
    paymentMethod: 'wire',
    idempotencyKey: key,
    termsVersion: TERMS_VERSION,
  }).then(
    (result) => ({ id: result.order.id, created: result.created, volume: result.order.volume }),
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );
}

describe('orders placed together', () => {
  let t: TestApp;
  let buyers: ApprovedBuyer[];
  beforeAll(async () => {
    t = await createTestApp();
    buyers = await createApprovedBuyers(t, 12, 'batch');
  });
  afterAll(async () => t?.close());

  it('share one transaction; each is checked against the orders before it, audited and notified', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 50, maxPerParticipantTons: 10 });
    const { db, counter } = countingTransactions(t.db);
    // Twelve buyers in the same turn, 5 t each, for 50 t: the first ten fill it, the last two find it full.
    const outcomes = await Promise.all(buyers.map((buyer) => order(db, buyer, operation.id, 5)));

    expect(counter.transactions).toBe(1);
    expect(outcomes.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => expect.objectContaining({ created: true })));
    expect(outcomes.slice(10)).toEqual(['OPERATION_FULL', 'OPERATION_FULL']);
    const [row] = await t.db.select().from(operations).where(eq(operations.id, operation.id));
    expect(row).toMatchObject({ allocatedTons: 50, status: 'allocated' });
    const placed = await t.db.select().from(orders).where(eq(orders.operationId, operation.id));
    expect(placed.map((stored) => stored.userId).sort()).toEqual(
      buyers
        .slice(0, 10)
        .map((buyer) => buyer.userId)
        .sort(),
    );
    // Each order's audit row says the tons allocated once it was placed: 5, 10, … 50, in arrival order.
    const ids = outcomes.slice(0, 10).map((outcome) => (outcome as { id: string }).id);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.created'), inArray(auditLog.entityId, ids)));
    expect(ids.map((id) => audits.find((audit) => audit.entityId === id)?.data.allocatedTons)).toEqual([
      5, 10, 15, 20, 25, 30, 35, 40, 45, 50,
    ]);
    // The order that took the last ton filled the deal.
    const [fill] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, operation.id), eq(auditLog.action, 'operation.fill')));
    expect(fill?.actorId).toBe(buyers[9]!.userId);
    const notices = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'order.created'),
          inArray(
            notifications.userId,
            buyers.map((buyer) => buyer.userId),
          ),
        ),
      );
    expect(notices.map((notice) => notice.data.orderId).sort()).toEqual([...ids].sort());
    // Screened before: each order's buyer and seller, a record each.
    const records = await t.db
      .select()
      .from(screenings)
      .where(
        and(
          eq(screenings.trigger, 'order'),
          inArray(
            screenings.actorId,
            buyers.map((buyer) => buyer.userId),
          ),
        ),
      );
    expect(records.filter((record) => record.context.operationId === operation.id)).toHaveLength(24);
  });

  it('answers a replay in the same batch with the first order, and refuses a key reused for another order', async () => {
    const first = await createOpenOperation(t.db, { totalTons: 100, maxPerParticipantTons: 20 });
    const second = await createOpenOperation(t.db, { totalTons: 100, maxPerParticipantTons: 20 });
    const { db, counter } = countingTransactions(t.db);
    const [a, b, c] = buyers as [ApprovedBuyer, ApprovedBuyer, ApprovedBuyer];
    const [keyA, keyB] = [randomUUID(), randomUUID()];
    const outcomes = await Promise.all([
      order(db, a, first.id, 10, keyA),
      order(db, a, first.id, 10, keyA),
      order(db, b, first.id, 5, keyB),
      order(db, b, second.id, 5, keyB),
      order(db, c, second.id, 15),
    ]);
    expect(counter.transactions).toBe(1);
    const [placed, replayed, placedB, reused, placedC] = outcomes as [
      { id: string; created: boolean },
      { id: string; created: boolean },
      { id: string; created: boolean },
      string,
      { id: string; created: boolean; volume: number },
    ];
    expect(placed.created).toBe(true);
    expect(replayed).toEqual({ ...placed, created: false });
    expect(placedB.created).toBe(true);
    expect(reused).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(placedC).toMatchObject({ created: true, volume: 15 });
    const rows = await t.db
      .select({ id: operations.id, allocatedTons: operations.allocatedTons })
      .from(operations)
      .where(inArray(operations.id, [first.id, second.id]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.allocatedTons]))).toEqual({
      [first.id]: 15,
      [second.id]: 15,
    });
  });

  it('places each order alone when the batch’s transaction fails as a whole', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 100, maxPerParticipantTons: 20 });
    const { db, counter } = countingTransactions(t.db, true);
    const outcomes = await Promise.all(buyers.slice(0, 3).map((buyer) => order(db, buyer, operation.id, 5)));
    // The failed batch, then one transaction per order.
    expect(counter.transactions).toBe(4);
    expect(outcomes).toEqual(Array.from({ length: 3 }, () => expect.objectContaining({ created: true })));
    const [row] = await t.db.select().from(operations).where(eq(operations.id, operation.id));
    expect(row!.allocatedTons).toBe(15);
  });
});
