/** `db:seed` (`npm run db:seed`, or in the image through cli.ts): migrates, then writes the demo data (idempotent). */
import { ConfigError, getLaunchDir, loadConfig } from '../config';
import { createStorage } from '../plugins/storage/storage-plugin';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/pglite-lock';
import { seedDemoData } from './seed-demo-data';

/** Migrates, then seeds the demo data; exits 1 with one line on failure. */
export async function runSeedCommand(): Promise<void> {
  try {
    const config = loadConfig(process.env, getLaunchDir(process.env));
    const storage = createStorage(config);
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await database.migrate();
      await database.runExclusive((db) => seedDemoData(db, storage, { passwordHashing: config.passwordHashing }));
    } finally {
      await database.close();
    }
    console.info('Demo data is in place.');
  } catch (error) {
    const isExpected = error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(isExpected ? (error as Error).message : `Seeding failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
