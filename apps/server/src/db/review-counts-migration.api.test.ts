import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, insertDemoAccountsBefore, openDatabaseBefore } from '../test/database-before';
import { createOpenOperation } from '../test/deals';
import { type DatabaseHandle, selectRows } from './client';
import { operations } from './schema';

/** The migration just before the maintained review counts (0034); the operations' columns are today's. */
const BEFORE_REVIEW_COUNTS = '0033_compliance_case_counts';

type Counts = Record<string, number>;

/**
 * Migration 0034 on a database with operations: operation_review_counts starts from the operations
 * already there, then follows every offer created, reviewed or deleted, always equal to a count over
 * the operations; an order's allocation update and a rolled-back review move nothing. On PGlite and
 * PostgreSQL.
 */
describe('the operation review counts migration and triggers', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;

  async function maintained(): Promise<Counts> {
    const rows = await selectRows<{ status: string; n: number }>(
      handle.db,
      sql`select review_status as status, operations::int as n from operation_review_counts where operations <> 0`,
    );
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  }

  async function counted(): Promise<Counts> {
    const rows = await selectRows<{ status: string; n: number }>(
      handle.db,
      sql`select review_status as status, count(*)::int as n from operations group by review_status`,
    );
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  }

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_REVIEW_COUNTS);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db, 'english');
    await createOpenOperation(handle.db);
    await createOpenOperation(handle.db, { reviewStatus: 'pending' });
    await createOpenOperation(handle.db, {
      reviewStatus: 'rejected',
      reviewRejectionReason: 'Falta la ficha técnica.',
    });
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('starts from the operations already there', async () => {
    expect(await maintained()).toEqual({ approved: 1, pending: 1, rejected: 1 });
  });

  it('follows offers created and reviewed; an allocation and a rolled-back review move nothing', async () => {
    const offer = await createOpenOperation(handle.db, { reviewStatus: 'pending' });
    expect(await maintained()).toEqual({ approved: 1, pending: 2, rejected: 1 });
    await handle.db.update(operations).set({ reviewStatus: 'approved' }).where(eq(operations.id, offer.id));
    expect(await maintained()).toEqual({ approved: 2, pending: 1, rejected: 1 });
    await handle.db
      .update(operations)
      .set({ allocatedTons: sql`${operations.allocatedTons} + 5` })
      .where(eq(operations.id, offer.id));
    await expect(
      handle.db.transaction(async (tx) => {
        await tx
          .update(operations)
          .set({ reviewStatus: 'rejected', reviewRejectionReason: 'Precio fuera de mercado.' })
          .where(eq(operations.id, offer.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await maintained()).toEqual({ approved: 2, pending: 1, rejected: 1 });
    expect(await maintained()).toEqual(await counted());
  });

  it('follows a deleted operation', async () => {
    await handle.db.delete(operations).where(eq(operations.reviewStatus, 'pending'));
    expect(await maintained()).toEqual({ approved: 2, rejected: 1 });
    expect(await maintained()).toEqual(await counted());
  });
});
