import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlatformSettings } from '../modules/settings/settings.service';
import { MIGRATIONS_DIR } from '../paths';
import { createScratchDatabase } from '../test/test-app';
import { type DatabaseHandle, openDatabase } from './client';
import { platformSettings } from './schema';

/** The last migration before the hold setting took the participation's name. */
const BEFORE_RENAME = '0016_waitlist_invitations';

/**
 * Migration 0017 on a database whose admin changed the hold under its old key
 * (`reservation_hold_hours`): the value moves to `participation_hold_hours`, so the
 * hold the admin chose still applies. On PGlite and PostgreSQL.
 */
describe('the participation hold migration on a database with the old setting key', () => {
  let handle: DatabaseHandle;
  let dropScratch: () => Promise<void> = async () => undefined;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tradeops-hold-'));
    const serverUrl = process.env.DATABASE_URL;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
    if (scratch) dropScratch = scratch.drop;
    handle = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: null });

    // The migrations folder as it was before the rename: the same files and journal, cut after BEFORE_RENAME.
    const olderFolder = join(dir, 'migrations');
    await cp(MIGRATIONS_DIR, olderFolder, { recursive: true });
    const journal = JSON.parse(await readFile(join(olderFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === BEFORE_RENAME) + 1);
    await writeFile(join(olderFolder, 'meta/_journal.json'), JSON.stringify(journal));
    const config = { migrationsFolder: olderFolder };
    if (handle.driver === 'pglite') await migratePglite(handle.db as never, config);
    else await migrateNodePg(handle.db as never, config);

    await handle.db.insert(platformSettings).values({ key: 'reservation_hold_hours', value: 48 });
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await dropScratch();
    await rm(dir, { recursive: true, force: true });
  });

  it('moves the stored hold to participation_hold_hours and keeps applying it', async () => {
    const rows = await handle.db
      .select({ key: platformSettings.key, value: platformSettings.value })
      .from(platformSettings);
    expect(rows).toEqual([{ key: 'participation_hold_hours', value: 48 }]);
    expect((await getPlatformSettings(handle.db)).participationHoldHours).toBe(48);
  });
});
