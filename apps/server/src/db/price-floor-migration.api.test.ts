import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenOperation } from '../test/deals';
import {
  type DatabaseBefore,
  insertDemoAccountsBefore,
  insertOperationBefore,
  openDatabaseBefore,
} from '../test/database-before';
import { type DatabaseHandle, selectRows } from './client';
import { getPgErrorCode } from './errors';
import { auditLog, orders, operationWaitlist, operations } from './schema';
import { demoUserId } from '../seed/demo-accounts';

/** The last migration before the price floor: the database the floor's migrations meet in production. */
const BEFORE_FLOOR = '0011_review_queue_revisions';

/**
 * Migrations 0012-0013 on a database that already holds deals priced below $1 (an offer of
 * $1e-9 was stored at 0 ¢ and approved): the live ones end (approved → cancelled with their orders
 * and waitlist, awaiting review → rejected with a reason), ended ones keep their price, and the
 * CHECK then refuses any price below $1 on a deal that has not ended. On PGlite and PostgreSQL.
 */
describe('the price floor migrations on a database with deals below $1', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  const ids = { active: '', pending: '', cancelled: '', cheap: '', normal: '' };
  const orderIds = { pending: '', verification: '', ended: '' };
  let waitlistId = '';

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_FLOOR);
    handle = database.handle;
    // The demo companies only, in SQL: today's seed writes columns later migrations add.
    await insertDemoAccountsBefore(handle.db);

    const db = handle.db;
    ids.active = await insertOperationBefore(db, { pricePerTonCents: 0, totalTons: 20, allocatedTons: 10 });
    ids.pending = await insertOperationBefore(db, { pricePerTonCents: 0, status: 'pending', reviewStatus: 'pending' });
    ids.cancelled = await insertOperationBefore(db, { pricePerTonCents: 0, status: 'cancelled' });
    ids.cheap = await insertOperationBefore(db, { pricePerTonCents: 99 });
    ids.normal = await insertOperationBefore(db, { pricePerTonCents: 100 });
    // In SQL: today's schema has columns (terms_version) that this database does not have yet.
    const order = async (paymentStatus: 'pending' | 'verification', status: 'active' | 'cancelled') => {
      const id = randomUUID();
      const ended = status === 'cancelled';
      await selectRows(
        db,
        sql`insert into operation_participants
              (id, operation_id, user_id, volume, amount_cents, payment_method, payment_status, status,
               payment_reference, ended_reason, ended_at)
            values (${id}, ${ids.active}, ${demoUserId('comprador')}, 5, 0, 'wire', ${paymentStatus}, ${status},
               ${`FLOOR-${id.slice(0, 8)}`}, ${ended ? 'cancelled_by_buyer' : null},
               ${ended ? new Date('2025-01-01') : null})`,
      );
      return id;
    };
    orderIds.pending = await order('pending', 'active');
    orderIds.verification = await order('verification', 'active');
    orderIds.ended = await order('pending', 'cancelled');
    // In SQL: the waitlist's columns were renamed after the floor (migration 0016), the schema names today's.
    const [entry] = await selectRows<{ id: string }>(
      db,
      sql`insert into operation_waitlist (operation_id, user_id, volume, status)
          values (${ids.active}, ${demoUserId('pendiente')}, 5, 'waiting') returning id`,
    );
    waitlistId = entry!.id;

    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  const operationById = async (id: string) =>
    (await handle.db.select().from(operations).where(eq(operations.id, id)))[0]!;

  it('cancels an approved deal below $1 with its live orders and waitlist, and releases its tons', async () => {
    expect(await operationById(ids.active)).toMatchObject({
      status: 'cancelled',
      allocatedTons: 0,
      pricePerTonCents: 0,
    });
    expect(await operationById(ids.cheap)).toMatchObject({ status: 'cancelled', pricePerTonCents: 99 });
    const rows = await handle.db.select().from(orders).where(eq(orders.operationId, ids.active));
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    for (const id of [orderIds.pending, orderIds.verification]) {
      expect(byId[id]).toMatchObject({ status: 'cancelled', endedReason: 'operation_cancelled' });
    }
    expect(byId[orderIds.ended]).toMatchObject({ status: 'cancelled', endedReason: 'cancelled_by_buyer' });
    const [entry] = await handle.db.select().from(operationWaitlist).where(eq(operationWaitlist.id, waitlistId));
    expect(entry?.status).toBe('left');
  });

  it('rejects a deal below $1 still waiting for review, with a reason its seller can act on', async () => {
    const operation = await operationById(ids.pending);
    expect(operation).toMatchObject({ status: 'rejected', reviewStatus: 'rejected' });
    expect(operation.reviewRejectionReason).toContain('$1');
  });

  it('leaves ended deals and deals at $1 or more as they were, and audits each deal it ended', async () => {
    expect(await operationById(ids.cancelled)).toMatchObject({ status: 'cancelled', pricePerTonCents: 0 });
    expect(await operationById(ids.normal)).toMatchObject({ status: 'active', pricePerTonCents: 100 });
    const audits = await handle.db
      .select({ entityId: auditLog.entityId, action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'operation'), eq(auditLog.reason, 'price_below_minimum')));
    expect(audits.map(({ entityId, action }) => `${action} ${entityId}`).sort()).toEqual(
      [
        `operation.cancelled ${ids.active}`,
        `operation.cancelled ${ids.cheap}`,
        `operation.rejected ${ids.pending}`,
      ].sort(),
    );
    expect(audits.find((row) => row.entityId === ids.active)?.data).toMatchObject({
      previousStatus: 'active',
      allocatedTons: 10,
      endedParticipations: 2,
    });
  });

  it('then refuses a price below $1 on any deal that has not ended', async () => {
    const attempt = handle.db.update(operations).set({ pricePerTonCents: 50 }).where(eq(operations.id, ids.normal));
    expect(await attempt.then(() => null, getPgErrorCode)).toBe('23514');
    const insert = createOpenOperation(handle.db, { pricePerTonCents: 0 });
    expect(await insert.then(() => null, getPgErrorCode)).toBe('23514');
    // The rejected offer goes back to review only with a price of at least $1.
    const resubmit = handle.db
      .update(operations)
      .set({ status: 'pending', reviewStatus: 'pending', reviewRejectionReason: null })
      .where(eq(operations.id, ids.pending));
    expect(await resubmit.then(() => null, getPgErrorCode)).toBe('23514');
    const [fixed] = await handle.db
      .update(operations)
      .set({ status: 'pending', reviewStatus: 'pending', reviewRejectionReason: null, pricePerTonCents: 120_000 })
      .where(eq(operations.id, ids.pending))
      .returning({ status: operations.status });
    expect(fixed?.status).toBe('pending');
    const [{ count } = { count: 0 }] = await handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(operations)
      .where(
        sql`${operations.pricePerTonCents} < 100 and ${operations.status} not in ('settled', 'rejected', 'expired', 'cancelled')`,
      );
    expect(count).toBe(0);
  });
});
