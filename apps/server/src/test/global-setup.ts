import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestProject } from 'vitest/node';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { createStorage } from '../plugins/storage/storage-plugin';
import { createScratchDatabase } from './scratch-database';
import { testConfig } from './test-config';

/**
 * Migrating and seeding a fresh database (PGlite's initdb, every migration, pg-boss's
 * schema, the demo data with its scrypt hash) took 4–10 s per API test file. It is done
 * once per run here, through the same buildApp the tests use; each file then starts from
 * a copy (a PGlite dump, or a PostgreSQL template database), which its own buildApp
 * finds migrated and seeded.
 */
export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(join(tmpdir(), 'tradeops-template-'));
  const config = testConfig(workDir);
  const serverUrl = process.env.DATABASE_URL;
  const templateDatabase = serverUrl ? await createScratchDatabase(serverUrl) : null;
  const templateUrl = templateDatabase?.url ?? null;
  const postgresDatabase = templateDatabase?.name ?? null;
  const database = await openDatabase({ databaseUrl: templateUrl, dataDir: null });
  const app = await buildApp({ ...config, databaseUrl: templateUrl }, { database, storage: createStorage(config) });
  let pgliteDump: string | null = null;
  try {
    if (database.pglite) {
      pgliteDump = join(workDir, 'pglite.tar');
      const dump = await database.pglite.dumpDataDir('none');
      await writeFile(pgliteDump, Buffer.from(await dump.arrayBuffer()));
    }
  } finally {
    await app.close();
  }
  const storageDir = join(workDir, 'storage-template');
  await cp(join(workDir, 'storage'), storageDir, { recursive: true }).catch(() => undefined);
  project.provide('testTemplate', { pgliteDump, postgresDatabase, storageDir });

  return async () => {
    await templateDatabase?.drop();
    await rm(workDir, { recursive: true, force: true });
  };
}
