import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { type AppDatabase, type DatabaseHandle, openDatabase } from '../db/client';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts';
import { type Storage } from '../plugins/storage/storage';
import { createStorage } from '../plugins/storage/storage-plugin';

export interface TestApp {
  app: FastifyInstance;
  db: AppDatabase;
  database: DatabaseHandle;
  storage: Storage;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for the config (e.g. WEB_DIST_DIR). */
  env?: Record<string, string>;
  seedNow?: Date;
  /** More /api routes (e.g. a probe route of some access level). */
  extraApiRoutes?: BuildAppOptions['extraApiRoutes'];
  realtimeHeartbeatMs?: BuildAppOptions['realtimeHeartbeatMs'];
}

/** A fresh database on the PostgreSQL server of DATABASE_URL, dropped again by the returned function. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tradeops_t_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The app over its own fresh, migrated and seeded database, for one test file:
 * in-memory PGlite by default; with DATABASE_URL, a new database on that
 * server. A temporary DATA_DIR holds the storage files. Close it in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tradeops-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    // No web build unless a test provides one.
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    ...options.env,
  });
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
  const storage = createStorage(config);
  try {
    const database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: null });
    const app = await buildApp(
      { ...config, databaseUrl: scratch?.url ?? null },
      {
        database,
        storage,
        seedNow: options.seedNow,
        extraApiRoutes: options.extraApiRoutes,
        realtimeHeartbeatMs: options.realtimeHeartbeatMs,
      },
    );
    return {
      app,
      db: database.db,
      database,
      storage,
      config: app.config,
      dataDir,
      close: async () => {
        await app.close();
        await scratch?.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await scratch?.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The Origin the test app counts as its own (inject's default Host is localhost:80). */
export const TEST_ORIGIN = 'http://localhost:80';

/** Headers for a state-changing request from our own pages, with optional cookies. */
export function sameOriginHeaders(cookie?: string): Record<string, string> {
  return cookie ? { origin: TEST_ORIGIN, cookie } : { origin: TEST_ORIGIN };
}

/** The `name=value` pairs of a response's Set-Cookie lines, as one Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

/**
 * Signs a (demo) account in through the API and returns headers — the session
 * cookie and our Origin — that `t.app.inject` can send as that user.
 */
export async function signIn(
  t: TestApp,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: sameOriginHeaders(),
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  return sameOriginHeaders(cookieFrom(response.headers['set-cookie']));
}
