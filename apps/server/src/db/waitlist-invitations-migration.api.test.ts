import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOUR_MS } from '@tradeops/shared';
import { eq, sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths';
import { createLocalDiskStorage } from '../plugins/storage/local-disk-storage';
import { createOpenOperation } from '../test/deals';
import { createScratchDatabase } from '../test/test-app';
import { type DatabaseHandle, openDatabase, selectRows } from './client';
import { getPgErrorCode } from './errors';
import { notifications, operationWaitlist } from './schema';
import { demoUserId } from './seed/demo-accounts';
import { seedDemoData } from './seed/seed-demo-data';

/** The last migration before the waitlist's hold was called an invitation. */
const BEFORE_INVITATIONS = '0015_drop_waitlist_entries';

/**
 * Migration 0016 on a database whose waitlist holds tons under the old word ('offered',
 * offered_tons, offer_expires_at): the rows keep their figures under the new names, the
 * notifications already sent follow the new kinds, and one live place per buyer still holds.
 */
describe('the waitlist invitations migration on a database with offered entries', () => {
  let handle: DatabaseHandle;
  let dropScratch: () => Promise<void> = async () => undefined;
  let dir: string;
  let operationId = '';
  const expiresAt = new Date(Date.now() + 24 * HOUR_MS);
  const ids = { invited: '', waiting: '', passed: '' };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tradeops-invitations-'));
    const serverUrl = process.env.DATABASE_URL;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
    if (scratch) dropScratch = scratch.drop;
    handle = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: null });

    // The migrations folder as it was before: the same files and journal, cut after BEFORE_INVITATIONS.
    const olderFolder = join(dir, 'migrations');
    await cp(MIGRATIONS_DIR, olderFolder, { recursive: true });
    const journal = JSON.parse(await readFile(join(olderFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.slice(
      0,
      journal.entries.findIndex((entry) => entry.tag === BEFORE_INVITATIONS) + 1,
    );
    await writeFile(join(olderFolder, 'meta/_journal.json'), JSON.stringify(journal));
    const config = { migrationsFolder: olderFolder };
    if (handle.driver === 'pglite') await migratePglite(handle.db as never, config);
    else await migrateNodePg(handle.db as never, config);
    await seedDemoData(handle.db, createLocalDiskStorage(join(dir, 'storage')));

    // In SQL: the schema names today's columns.
    const db = handle.db;
    operationId = (await createOpenOperation(db, { allocatedTons: 20 })).id;
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
    await handle?.close();
    await dropScratch();
    await rm(dir, { recursive: true, force: true });
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
