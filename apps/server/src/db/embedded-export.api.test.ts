import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { fromPackageDir } from '../paths';
import { PDF_BYTES, multipartBody } from '../test/kyc-files';
import { findPostgresServer } from '../test/postgres-server';
import { runCommand } from '../test/run-command';
import { createScratchDatabase, signIn, signUpCompany } from '../test/test-app';
import { checksumTables, listBusinessTables } from '../test/table-checksum';
import { type TestTemplate, testConfig } from '../test/test-config';
import { type AppDatabase, openDatabase } from './client';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../seed/demo-operations';

const REPO_ROOT = fromPackageDir('../..');
const postgres = await findPostgresServer();
const hasPsql = (await runCommand('psql', ['--version'])).status === 0;

/** In UTC: timestamps print in the session's time zone, which PGlite and the server need not share. */
function checksumInUtc(db: AppDatabase, tables: string[]): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    return checksumTables(tx, tables);
  });
}

async function uploadKycDocument(app: FastifyInstance, headers: Record<string, string>): Promise<string> {
  const body = multipartBody('Cédula.pdf', PDF_BYTES);
  const response = await app.inject({
    method: 'POST',
    url: '/api/kyc/documents/government_id',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { document: { id: string } }).document.id;
}

describe('npm run db:export: from the embedded database to PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  // Three databases and two apps (the embedded one seeded, the export, the restore): about 25 s alone on two
  // cores, well past the suite's 30 s when the machine is busy.
  it('writes a dump psql restores into an empty database, where the app finds the same operations, accounts and files', async (ctx) => {
    if (!postgres.isAvailable) return ctx.skip(postgres.skipReason);
    if (!hasPsql) return ctx.skip('needs psql, the PostgreSQL client the dump is restored with');
    const workDir = await mkdtemp(join(tmpdir(), 'tradeops-export-'));
    cleanups.push(() => rm(workDir, { recursive: true, force: true }));
    const dataDir = join(workDir, 'data');
    const dumpFile = join(workDir, 'tradeops.sql');

    // An embedded database in a DATA_DIR on disk, as `npm start` leaves it: migrated and seeded (from
    // the run's template when the suite runs on PGlite), with a company's KYC document uploaded since.
    const template = inject('testTemplate') as TestTemplate | undefined;
    const pgliteDump = template?.pgliteDump ? await readFile(template.pgliteDump) : undefined;
    if (pgliteDump) await cp(template!.storageDir, join(dataDir, 'storage'), { recursive: true });
    const embedded = await buildApp(testConfig(dataDir, { SEED_DEMO: pgliteDump ? 'false' : 'true' }), {
      database: await openDatabase({ databaseUrl: null, dataDir, pgliteDump }),
    });
    let isEmbeddedOpen = true;
    cleanups.push(async () => isEmbeddedOpen && (await embedded.close()));
    const company = await signUpCompany({ app: embedded, db: embedded.db });
    const documentId = await uploadKycDocument(embedded, company.headers);
    const operations = await embedded.inject({ method: 'GET', url: '/api/operations?status=all' });
    expect((operations.json() as { count: number }).count).toBeGreaterThan(0);
    const tables = await listBusinessTables(embedded.db);
    const checksum = await checksumInUtc(embedded.db, tables);
    await embedded.close();
    isEmbeddedOpen = false;

    // What the operator runs (docs/deploy.md): the export, then psql into an empty database.
    const exported = await runCommand('npm', ['run', 'db:export', '--', dumpFile], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      timeoutMs: 60_000,
    });
    expect(exported.status, exported.stderr).toBe(0);
    const scratch = await createScratchDatabase(postgres.url);
    cleanups.push(() => scratch.drop());
    const restored = await runCommand(
      'psql',
      ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', scratch.url, '-f', dumpFile],
      {
        timeoutMs: 60_000,
      },
    );
    expect(restored.status, restored.stderr).toBe(0);

    // Every business table holds the same rows.
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
    cleanups.push(() => database.close());
    expect(await listBusinessTables(database.db)).toEqual(tables);
    expect(await checksumInUtc(database.db, tables)).toBe(checksum);

    // The app starts on it (the migrations journal came along: nothing is applied twice) without
    // seeding, the stored files copied into its DATA_DIR as the guide says.
    const newDataDir = join(workDir, 'data-postgres');
    await cp(join(dataDir, 'storage'), join(newDataDir, 'storage'), { recursive: true });
    const app = await buildApp(testConfig(newDataDir, { DATABASE_URL: scratch.url, SEED_DEMO: 'false' }), {
      database,
    });
    cleanups.push(() => app.close());

    const operationsAfter = await app.inject({ method: 'GET', url: '/api/operations?status=all' });
    expect(operationsAfter.json()).toEqual(operations.json());

    const buyer = await signIn({ app }, 'comprador@tradeops.demo');
    const spec = await app.inject({
      method: 'GET',
      url: `/api/operations/${demoOperationId(FEATURED_OPERATION_KEY)}/spec`,
      headers: buyer,
    });
    expect(spec.statusCode).toBe(200);
    expect(spec.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const owner = await signIn({ app }, company.email, 'Un-Buen-Secreto-2025');
    const download = await app.inject({
      method: 'GET',
      url: `/api/kyc/documents/${documentId}/file?download=1`,
      headers: owner,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
  }, 120_000);
});
