import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../test/run-command';
import { type TestS3Server, startS3Server } from '../test/s3-server';
import { createScratchDatabase } from '../test/scratch-database';
import { type ServerBundle, buildServerBundle } from '../test/server-bundle';

/**
 * The image's commands (docs/deploy.md: `docker compose run --rm app1 <command>`) run from the built
 * bundle with plain node, as in the runtime image, which has neither tsx nor the TypeScript sources.
 */
describe('the operator commands of the built bundle (dist/cli.js)', () => {
  let bundle: ServerBundle;
  let workDir: string;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    bundle = await buildServerBundle();
    cleanups.push(() => bundle.remove());
    workDir = await mkdtemp(join(tmpdir(), 'tradeops-commands-'));
    cleanups.push(() => rm(workDir, { recursive: true, force: true }));
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** `node cli.js <args>` from the folder the operator stands in, with only the given settings. */
  const cli = (args: string[], env: Record<string, string>) =>
    runCommand(process.execPath, [bundle.cli, ...args], {
      cwd: workDir,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
      timeoutMs: 120_000,
    });

  it('db:seed, db:migrate, db:export and storage:migrate on an embedded database', async (ctx) => {
    // CI runs the API suite on PGlite and again on PostgreSQL: the embedded database's commands once.
    if (process.env.DATABASE_URL) return ctx.skip('the PGlite run covers the embedded database');
    const dataDir = join(workDir, 'data');
    const seeded = await cli(['db:seed'], { DATA_DIR: dataDir });
    expect(seeded.status, seeded.stderr).toBe(0);
    expect(seeded.stdout).toContain('Demo data is in place.');

    const migrated = await cli(['db:migrate'], { DATA_DIR: dataDir });
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain(`Migrated the embedded database in ${dataDir}.`);

    const exported = await cli(['db:export', 'dump.sql'], { DATA_DIR: dataDir });
    expect(exported.status, exported.stderr).toBe(0);
    const dump = await readFile(join(workDir, 'dump.sql'), 'utf8');
    expect(dump).toMatch(/CREATE TABLE public\.operations/);
    expect(dump).toContain('comprador@tradeops.demo');

    const s3: TestS3Server = await startS3Server();
    cleanups.push(() => s3.close());
    const copied = await cli(['storage:migrate'], { DATA_DIR: dataDir, ...s3.env });
    expect(copied.status, copied.stderr).toBe(0);
    // The demo data's files (the spec sheet, the pending company's KYC documents) are now in the bucket.
    expect(copied.stdout).toMatch(/[1-9]\d* copied, 0 already in the bucket, \d+ ignored, 0 failed\./);
  }, 240_000);

  it('db:migrate and db:seed on PostgreSQL', async (ctx) => {
    if (!process.env.DATABASE_URL) return ctx.skip('runs where DATABASE_URL names a PostgreSQL server');
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    cleanups.push(() => scratch.drop());
    const migrated = await cli(['db:migrate'], { DATABASE_URL: scratch.url });
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain('Migrated the PostgreSQL database.');
    const seeded = await cli(['db:seed'], { DATABASE_URL: scratch.url, DATA_DIR: join(workDir, 'pg-files') });
    expect(seeded.status, seeded.stderr).toBe(0);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(`select count(*)::int as count from "user"`);
      expect(rows[0]!.count).toBeGreaterThanOrEqual(4);
    } finally {
      await client.end();
    }
  }, 240_000);

  it('names the commands when given an unknown one', async () => {
    const result = await cli(['db:drop'], {});
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unknown command "db:drop"');
    for (const name of ['serve', 'db:migrate', 'db:seed', 'db:export', 'storage:migrate']) {
      expect(result.stderr).toContain(name);
    }
  });
});
