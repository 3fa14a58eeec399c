#!/usr/bin/env node
// Starts the built server for the end-to-end suite on a fresh database: a new
// PGlite folder by default, or a freshly created database on the PostgreSQL
// server named by DATABASE_URL.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'tradeops-e2e-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  // The origin Playwright's baseURL uses: mailed links point there and the CSRF check expects it.
  PUBLIC_URL: `http://127.0.0.1:${process.env.PORT ?? 3000}`,
  // One proxy hop believed: each test sends its own X-Forwarded-For (e2e/support/test.ts), so the
  // per-address limits count a test's requests, not the whole suite's from 127.0.0.1.
  TRUST_PROXY: '1',
};

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const databaseName = `tradeops_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${databaseName}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await client.end();
  };
}

const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', async (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase().catch(() => {});
  process.exit(code ?? 0);
});
