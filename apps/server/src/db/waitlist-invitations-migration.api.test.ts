import { HOUR_MS } from '@tradeops/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseBefore,
  insertDemoAccountsBefore,
  insertOperationBefore,
  openDatabaseBefore,
} from '../test/database-before';
import { type DatabaseHandle, selectRows } from './client';
import { getPgErrorCode } from './errors';
import { notifications, operationWaitlist } from './schema';
import { demoUserId } from '../seed/demo-accounts';

/** The last migration before the waitlist's hold was called an invitation. */
const BEFORE_INVITATIONS = '0015_drop_waitlist_entries';

/**
 * Migration 0016 on a database whose waitlist holds tons under the old word ('offered',
 * offered_tons, offer_expires_at): the rows keep their figures under the new names, the
 * notifications already sent follow the new kinds, and one live place per buyer still holds.
 */
describe('the waitlist invitations migration on a database with offered entries', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  let operationId = '';
  const expiresAt = new Date(Date.now() + 24 * HOUR_MS);
  const ids = { invited: '', waiting: '', passed: '' };

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_INVITATIONS);
    handle = database.handle;
    // The demo companies only, in SQL: today's seed writes columns later migrations add.
    await insertDemoAccountsBefore(handle.db);

    // In SQL: the schema names today's columns.
    const db = handle.db;
    operationId = await insertOperationBefore(db, { allocatedTons: 20 });
    const insert = async (user: string, status: string, tons: number | null, expires: Date | null) => {
      const [row] = await selectRows<{ id: string }>(
        db,
        sql`insert into operation_waitlist (operation_id, user_id, volume, status, offered_tons, offered_at, offer_expires_at)
            values (${operationId}, ${demoUserId(user)}, 5, ${status}, ${tons}, ${tons ? new Date() : null}, ${expires})
            returning id`,
      );
      return row!.id;
    };
    ids.invited = await insert('comprador', 'offered', 5, expiresAt);
    ids.waiting = await insert('pendiente', 'waiting', null, null);
    ids.passed = await insert('pendiente', 'passed', 5, new Date(Date.now() - HOUR_MS));
    await db.insert(notifications).values([
      { userId: demoUserId('comprador'), type: 'waitlist.offered', data: { tons: 5 } },
      { userId: demoUserId('pendiente'), type: 'waitlist.offer_expired', data: { tons: 5 } },
    ]);

    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  const entryById = async (id: string) =>
    (await handle.db.select().from(operationWaitlist).where(eq(operationWaitlist.id, id)))[0]!;

  it('turns offered entries into invited ones, keeping their tons and expiry', async () => {
    expect(await entryById(ids.invited)).toMatchObject({
      status: 'invited',
      invitedTons: 5,
      invitationExpiresAt: expiresAt,
    });
    expect(await entryById(ids.waiting)).toMatchObject({ status: 'waiting', invitedTons: null });
    expect(await entryById(ids.passed)).toMatchObject({ status: 'passed', invitedTons: 5 });
  });

  it('renames the notifications already sent to the new kinds', async () => {
    const rows = await handle.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(sql`${notifications.type} like 'waitlist.%'`);
    expect(rows.map((row) => row.type).sort()).toEqual(['waitlist.invitation_expired', 'waitlist.invited']);
  });

  it('keeps one live place per buyer: an invited entry counts as live', async () => {
    const second = handle.db
      .insert(operationWaitlist)
      .values({ operationId, userId: demoUserId('comprador'), volume: 5 })
      .then(() => null)
      .catch((error: unknown) => getPgErrorCode(error));
    expect(await second).toBe('23505');
  });

  it('refuses the old status and an invitation of zero tons', async () => {
    const update = (values: Partial<typeof operationWaitlist.$inferInsert>) =>
      handle.db
        .update(operationWaitlist)
        .set(values)
        .where(eq(operationWaitlist.id, ids.waiting))
        .then(() => null)
        .catch((error: unknown) => getPgErrorCode(error));
    expect(await update({ status: 'offered' as never })).toBe('23514');
    expect(await update({ invitedTons: 0 })).toBe('23514');
  });
});
