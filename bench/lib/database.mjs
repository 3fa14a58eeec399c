// The bench's own handle on the database it measures: a scratch PostgreSQL database when
// DATABASE_URL is set (created here, dropped at the end), otherwise a PGlite data folder in a
// temporary directory. PGlite is one process per folder, so the bench opens it only while the
// server is stopped (setup before, verification after).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export async function createScratchDatabase(databaseUrl) {
  if (!databaseUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'tradeops-bench-'));
    return {
      driver: 'pglite',
      serverEnv: { DATA_DIR: dataDir },
      label: `PGlite (${dataDir})`,
      /** PGlite: only while the server is stopped. */
      async open() {
        const client = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
        return {
          query: async (text, params = []) => (await client.query(text, params)).rows,
          close: () => client.close(),
        };
      },
      canQueryWhileServing: false,
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `tradeops_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const filesDir = mkdtempSync(join(tmpdir(), 'tradeops-bench-files-'));
  return {
    driver: 'postgres',
    serverEnv: { DATABASE_URL: url.toString(), DATA_DIR: filesDir },
    label: `PostgreSQL (scratch database ${name})`,
    /** One connection, or a pool of `connections` for a script that queries concurrently. */
    async open({ connections = 1 } = {}) {
      if (connections > 1) {
        const pool = new pg.Pool({ connectionString: url.toString(), max: connections });
        return { query: async (text, params = []) => (await pool.query(text, params)).rows, close: () => pool.end() };
      }
      const client = new pg.Client({ connectionString: url.toString() });
      // A statement that fails rejects its query; the connection's own error (the scratch database
      // dropped after that failure) must not crash the process and hide the statement's error.
      client.on('error', () => undefined);
      await client.connect();
      return { query: async (text, params = []) => (await client.query(text, params)).rows, close: () => client.end() };
    },
    canQueryWhileServing: true,
    async drop() {
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
