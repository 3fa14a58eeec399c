import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { type FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app';
import { inject } from 'vitest';
import { type AppConfig } from '../config';
import { type AppDatabase, type DatabaseHandle, openDatabase } from '../db/client';
import { emailOutbox } from '../db/schema';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { copyDiskStoreToS3 } from '../plugins/storage/copy-disk-store';
import { createS3Storage } from '../plugins/storage/s3-storage';
import { type Storage } from '../plugins/storage/storage';
import { createStorage } from '../plugins/storage/storage-plugin';
import { createScratchDatabase } from './scratch-database';
import { TEST_ORIGIN, type TestTemplate, testConfig } from './test-config';

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
  sitemap?: BuildAppOptions['sitemap'];
  realtimeStreamLimits?: BuildAppOptions['realtimeStreamLimits'];
  /** Log lines go here (set LOG_LEVEL in env too: tests log nothing by default). */
  logStream?: BuildAppOptions['logStream'];
  jobPollingIntervalSeconds?: BuildAppOptions['jobPollingIntervalSeconds'];
  mailRetry?: BuildAppOptions['mailRetry'];
  webhookRetry?: BuildAppOptions['webhookRetry'];
  resolveWebhookHost?: BuildAppOptions['resolveWebhookHost'];
}

/**
 * The app over its own fresh, migrated and seeded database, for one test file:
 * in-memory PGlite by default; with DATABASE_URL, a new database on that
 * server. Both start from the run's template (test/global-setup.ts) when the
 * API project provides one. A temporary DATA_DIR holds the storage files.
 * Close it in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tradeops-test-'));
  const config = testConfig(dataDir, options.env);
  // A seed at another moment needs a database of its own (the seed never moves existing dates).
  const template = options.seedNow ? undefined : (inject('testTemplate') as TestTemplate | undefined);
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, template?.postgresDatabase) : null;
  const storage = createStorage(config);
  try {
    if (template) await copyTemplateStore(template.storageDir, config, dataDir);
    const pgliteDump = !scratch && template?.pgliteDump ? await templateDump(template.pgliteDump) : undefined;
    const database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: null, pgliteDump });
    const app = await buildApp(
      { ...config, databaseUrl: scratch?.url ?? null },
      {
        database,
        storage,
        seedNow: options.seedNow,
        extraApiRoutes: options.extraApiRoutes,
        realtimeHeartbeatMs: options.realtimeHeartbeatMs,
        sitemap: options.sitemap,
        realtimeStreamLimits: options.realtimeStreamLimits,
        logStream: options.logStream,
        jobPollingIntervalSeconds: options.jobPollingIntervalSeconds,
        mailRetry: options.mailRetry,
        webhookRetry: options.webhookRetry,
        resolveWebhookHost: options.resolveWebhookHost,
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

let templateDumpBytes: { path: string; bytes: Promise<Uint8Array> } | null = null;
/** The template's dump, read once per worker (the API files share a worker's module cache). */
function templateDump(path: string): Promise<Uint8Array> {
  if (templateDumpBytes?.path !== path) templateDumpBytes = { path, bytes: readFile(path) };
  return templateDumpBytes.bytes;
}

/** The seed's files where this app's driver looks for them: its DATA_DIR, or its S3 bucket. */
async function copyTemplateStore(templateDir: string, config: AppConfig, dataDir: string): Promise<void> {
  if (config.storage.driver === 'fs') {
    await cp(templateDir, join(dataDir, 'storage'), { recursive: true });
    return;
  }
  const report = await copyDiskStoreToS3(templateDir, createS3Storage(config.storage));
  if (report.failed.length > 0)
    throw new Error(`copying the seed's files to S3 failed: ${JSON.stringify(report.failed)}`);
}

export { TEST_ORIGIN, createScratchDatabase };

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
  t: Pick<TestApp, 'app'>,
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

/**
 * A test file's app (createTestApp) and the seeded admin's signed-in headers, which most API
 * tests start from. Close the app in afterAll.
 */
export async function createTestAppAsAdmin(
  options?: TestAppOptions,
): Promise<{ t: TestApp; admin: Record<string, string> }> {
  const t = await createTestApp(options);
  return { t, admin: await signIn(t, 'admin@tradeops.demo') };
}

/** The tokens of every reset link e-mailed to `email`, oldest first (read from the outbox). */
export async function resetTokensMailedTo(t: Pick<TestApp, 'db'>, email: string): Promise<string[]> {
  const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(emailOutbox.createdAt);
  return mails.flatMap((mail) => {
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    return token ? [token] : [];
  });
}

/** The token of the newest verification link e-mailed to this address (read from the outbox). */
export async function latestVerificationToken(t: Pick<TestApp, 'db'>, email: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email.toLowerCase()))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = /\/verify-email\?token=([\w.-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification link was e-mailed to ${email}`);
  return token;
}

/**
 * Confirms a freshly signed-up address through its e-mailed link, as its owner would. Every
 * session of the account ends with it: sign in again to go on.
 */
export async function confirmEmail(t: Pick<TestApp, 'app' | 'db'>, email: string): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/email/verify',
    headers: sameOriginHeaders(),
    payload: { token: await latestVerificationToken(t, email) },
  });
  if (response.statusCode !== 200) throw new Error(`verifying ${email} failed: ${response.body}`);
}

/**
 * Sets the account's password through a mailed reset link, as the owner of the mailbox would
 * (asks for the mail, reads its link in the outbox, posts the new password).
 */
export async function resetPasswordThroughMailbox(
  t: Pick<TestApp, 'app' | 'db'>,
  email: string,
  newPassword: string,
): Promise<void> {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password/forgot',
    headers: sameOriginHeaders(),
    payload: { email },
  });
  if (asked.statusCode !== 200) throw new Error(`reset mail for ${email} refused: ${asked.body}`);
  const tokens = await resetTokensMailedTo(t, email.toLowerCase());
  const token = tokens.at(-1);
  if (!token) throw new Error(`no reset link was e-mailed to ${email}`);
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password/reset',
    headers: sameOriginHeaders(),
    payload: { token, newPassword },
  });
  if (reset.statusCode !== 200) throw new Error(`reset of ${email} failed: ${reset.body}`);
}

let companies = 0;

/** The password of the accounts signUpConfirmed makes, unless told otherwise. */
export const COMPANY_PASSWORD = 'Un-Buen-Secreto-2025';

/**
 * A brand-new company account (a fresh address unless `email` is given), its address confirmed through
 * the e-mailed link as its owner would. The confirmation ends the sign-up's session: sign in to go on.
 */
export async function signUpConfirmed(
  t: Pick<TestApp, 'app' | 'db'>,
  { email, password = COMPANY_PASSWORD }: { email?: string; password?: string } = {},
): Promise<{ userId: string; email: string }> {
  companies += 1;
  const address = email ?? `empresa${companies}-${process.pid}-${Date.now()}@example.com`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: sameOriginHeaders(),
    payload: {
      fullName: 'Ana Pérez',
      email: address,
      password,
      companyName: 'Lácteos del Sur',
      country: 'AR',
      companyType: 'trader',
    },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  await confirmEmail(t, address);
  return { userId: (response.json() as { user: { id: string } }).user.id, email: address };
}

/**
 * A brand-new company account, its address confirmed through the e-mailed link (what KYC uploads
 * need), then signed in again: its headers, id and e-mail.
 */
export async function signUpCompany(
  t: Pick<TestApp, 'app' | 'db'>,
): Promise<{ headers: Record<string, string>; userId: string; email: string }> {
  const { userId, email } = await signUpConfirmed(t);
  return { headers: await signIn(t, email, COMPANY_PASSWORD), userId, email };
}
