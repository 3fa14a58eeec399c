import { join } from 'node:path';
import { type AppConfig, loadConfig } from '../config';

/**
 * The test app's PUBLIC_URL and the Origin its pages send (inject's default Host is
 * localhost:80; the CSRF check compares with PUBLIC_URL, never with Host).
 */
export const TEST_ORIGIN = 'http://localhost:80';

/**
 * The configuration every API test app starts from, over `dataDir`, with `env` on top. Password hashes are
 * made at the test cost whatever NODE_ENV a test sets (the run's template is seeded with them; a test of
 * production settings signs in to it too).
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    // The site's origin is inject's default Host, so sameOriginHeaders() passes the CSRF check.
    PUBLIC_URL: TEST_ORIGIN,
    // No web build unless a test provides one.
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    // No background workers unless a test runs them: tests call the sweeps themselves.
    JOBS: 'off',
    ...env,
  });
  return { ...config, passwordHashing: 'test' };
}

/** Where the API test files find the migrated and seeded database they start from. */
export interface TestTemplate {
  /** PGlite: a dump of the data folder (`PGlite.create({ loadDataDir })`); null on PostgreSQL. */
  pgliteDump: string | null;
  /** PostgreSQL: a database to clone with CREATE DATABASE … TEMPLATE; null on PGlite. */
  postgresDatabase: string | null;
  /** The seed's stored files (spec sheets, KYC documents), copied into each test's DATA_DIR. */
  storageDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate;
  }
}
