import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { MIGRATIONS_DIR } from '../paths';
import { createScratchDatabase } from './scratch-database';

export interface DatabaseBefore {
  handle: DatabaseHandle;
  /** A scratch folder of the test's own (file storage, for instance), removed by `close`. */
  dir: string;
  close(): Promise<void>;
}

/**
 * A fresh database migrated up to `lastTag` and no further, as production met the migrations that
 * follow it: a scratch PostgreSQL database when DATABASE_URL is set, an embedded one otherwise.
 * The test writes its old-shaped rows, then runs `handle.migrate()` for the rest.
 */
export async function openDatabaseBefore(lastTag: string): Promise<DatabaseBefore> {
  const dir = await mkdtemp(join(tmpdir(), 'tradeops-migration-'));
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
  const handle = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: null });

  // The migrations folder as it was then: the same files, the journal cut after `lastTag`.
  const olderFolder = join(dir, 'migrations');
  await cp(MIGRATIONS_DIR, olderFolder, { recursive: true });
  const journalPath = join(olderFolder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration ${lastTag} in the journal`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  const config = { migrationsFolder: olderFolder };
  if (handle.driver === 'pglite') await migratePglite(handle.db as never, config);
  else await migrateNodePg(handle.db as never, config);

  return {
    handle,
    dir,
    close: async () => {
      await handle.close();
      await scratch?.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
