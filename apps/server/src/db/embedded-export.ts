import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { openDatabase, pgliteDataDir } from './client';

/** DATA_DIR holds no embedded database (PGlite would silently create an empty one). */
export class NoEmbeddedDatabaseError extends Error {
  override name = 'NoEmbeddedDatabaseError';
}

/**
 * pg_dump's options: a plain SQL script (pglite-tools adds `--inserts`) that any role can run into an
 * empty database, owners and grants left to the target, rows inserted a hundred per statement.
 */
const PG_DUMP_ARGS = ['--no-owner', '--no-privileges', '--rows-per-insert=100'];

/**
 * Settings pg_dump 18 writes that older servers refuse (`transaction_timeout` exists from PostgreSQL
 * 17 on): with `psql -v ON_ERROR_STOP=1`, a restore into PostgreSQL 15 would stop at its first line.
 */
const NEWER_SERVER_SETTINGS = /^SET transaction_timeout = 0;\r?\n/gm;

/**
 * A plain SQL dump of the embedded database in `dataDir` (schema and data: the app's tables, the
 * migrations journal, the job queue), restorable with `psql` into an empty PostgreSQL database,
 * where the app then starts as it left off. Written by PGlite's own pg_dump (pglite-tools, a
 * WebAssembly build of PostgreSQL's pg_dump). Takes the data directory's lock, so it refuses to run
 * beside a server that has the database open. Stored files are not in it: they stay in
 * DATA_DIR/storage (or the bucket).
 */
export async function exportEmbeddedDatabase(dataDir: string): Promise<string> {
  if (!existsSync(join(pgliteDataDir(dataDir), 'PG_VERSION'))) {
    throw new NoEmbeddedDatabaseError(`There is no embedded database in ${dataDir} (no ${pgliteDataDir(dataDir)}).`);
  }
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    const dump = await pgDump({ pg: database.pglite!, args: PG_DUMP_ARGS });
    return (await dump.text()).replace(NEWER_SERVER_SETTINGS, '');
  } finally {
    await database.close();
  }
}
