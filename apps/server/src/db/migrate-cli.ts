/** `db:migrate` (`npm run db:migrate`, or the image: `docker compose run --rm app1 db:migrate`): applies the migrations to DATABASE_URL or the PGlite in DATA_DIR. */
import { ConfigError, getLaunchDir, loadConfig } from '../config';
import { openDatabase } from './client';
import { DataDirLockedError } from './pglite-lock';

/** Applies the migrations; exits 1 with one line on failure. */
export async function runMigrateCommand(): Promise<void> {
  try {
    const config = loadConfig(process.env, getLaunchDir(process.env));
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    console.info(
      `Migrated ${config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`}.`,
    );
  } catch (error) {
    const isExpected = error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(isExpected ? (error as Error).message : `Migration failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
