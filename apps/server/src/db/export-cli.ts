/**
 * `npm run db:export [-- <file>]`: writes the embedded database of DATA_DIR as a plain SQL dump
 * (default `tradeops-export.sql` in the directory the command was run from), for moving to
 * PostgreSQL: `psql -v ON_ERROR_STOP=1 -d <empty database> -f <file>`, then start with DATABASE_URL
 * (docs/deploy.md). Never overwrites a file. The server must be stopped (the data directory's lock).
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError, getLaunchDir, loadConfig } from '../config';
import { generatedSessionSecretPath } from '../session-secret';
import { NoEmbeddedDatabaseError, exportEmbeddedDatabase } from './embedded-export';
import { DataDirLockedError } from './pglite-lock';

const DEFAULT_FILE = 'tradeops-export.sql';

/** `args[0]`: the dump file (default tradeops-export.sql); exits 1 with one line on failure. */
export async function runExportCommand(args: string[]): Promise<void> {
  try {
    const launchDir = getLaunchDir(process.env);
    const config = loadConfig(process.env, launchDir);
    const file = resolve(launchDir, args[0] ?? DEFAULT_FILE);
    const dump = await exportEmbeddedDatabase(config.dataDir);
    // Only its owner may read it: it holds password hashes and open sessions.
    const isWritten = await writeFile(file, dump, { flag: 'wx', mode: 0o600 }).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return false;
        throw error;
      },
    );
    if (!isWritten) {
      console.error(`${file} exists already: name another file (db:export <file>) or move it away.`);
      process.exit(1);
    }
    const generatedSecret = generatedSessionSecretPath(config.dataDir);
    console.info(
      [
        `Exported the embedded database in ${config.dataDir} to ${file} (${Math.ceil(Buffer.byteLength(dump) / 1024)} KB).`,
        `Restore it into an empty PostgreSQL database: psql -v ON_ERROR_STOP=1 -d "$DATABASE_URL" -f ${file}`,
        `Stored files are not in the dump: keep ${config.dataDir}/storage (copy it into the new DATA_DIR), or copy it into the bucket with STORAGE=s3 npm run storage:migrate.`,
        `Start the new server with the same SESSION_SECRET${!config.sessionSecret && existsSync(generatedSecret) ? ` (the generated one is in ${generatedSecret})` : ''}: sessions and two-step verification depend on it.`,
      ].join('\n'),
    );
  } catch (error) {
    const isExpected =
      error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof NoEmbeddedDatabaseError;
    console.error(isExpected ? (error as Error).message : `Export failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
