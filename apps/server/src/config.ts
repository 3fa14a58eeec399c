import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { fromPackageDir } from './paths';

/** A bad environment: the message is one line naming the variable and what it expects. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The longest drain SHUTDOWN_DRAIN_SECONDS may ask for (a stop must still fit a container's grace period). */
export const MAX_DRAIN_SECONDS = 60;
/** The drain when SHUTDOWN_DRAIN_SECONDS is unset: in production a load balancer is assumed in front; elsewhere none. */
export const DEFAULT_PRODUCTION_DRAIN_SECONDS = 5;

/** What each variable expects, for the error line (zod's own wording names no variable). */
const EXPECTED = {
  PORT: 'an integer from 1 to 65535',
  HOST: 'a host name or IP address',
  PUBLIC_URL:
    'the origin people reach the site at: an http:// or https:// URL without path, query or credentials, e.g. https://tradeops.example.com',
  TRUSTED_ORIGINS: 'a comma-separated list of origins (http:// or https:// URLs without path, query or credentials)',
  NODE_ENV: 'one of development, test, production',
  DATABASE_URL: 'a postgres:// or postgresql:// URL',
  DATA_DIR: 'a directory path',
  ADMIN_EMAILS: 'a comma-separated list of e-mail addresses',
  STORAGE: 'fs or s3',
  S3_ENDPOINT: 'an http:// or https:// URL',
  S3_REGION: 'a region name',
  S3_BUCKET: 'a bucket name',
  S3_ACCESS_KEY_ID: 'an access key id',
  S3_SECRET_ACCESS_KEY: 'a secret access key',
  SMTP_URL: 'an smtp:// or smtps:// URL',
  SMTP_FROM: 'an e-mail address, alone or as Name <address>',
  SEED_DEMO: 'true or false',
  SESSION_SECRET: 'at least 32 characters',
  LOG_LEVEL: `one of ${LOG_LEVELS.join(', ')}`,
  WEB_DIST_DIR: 'a directory path',
  WEB_SSR_DIR: 'a directory path',
  WEB_DEV: 'vite or off',
  JOBS: 'on or off',
  TRUST_PROXY:
    'off, a number of proxy hops (e.g. 1), or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8)',
  METRICS_TOKEN: 'at least 16 characters',
  SHUTDOWN_DRAIN_SECONDS: `a whole number of seconds from 0 to ${MAX_DRAIN_SECONDS}`,
  WEBHOOK_PRIVATE_ADDRESSES: 'allow or refuse',
} as const;
type EnvName = keyof typeof EXPECTED;

/** Values never echoed back in an error line. */
const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  'DATABASE_URL',
  'SESSION_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
  'METRICS_TOKEN',
]);

/** An empty variable counts as unset (`PORT= npm start`). */
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

/**
 * An origin as a browser sends it in `Origin` (scheme, host, port; a default port dropped),
 * or null when the value is not a bare http(s) origin: a path, query, fragment or
 * credentials would make links and the CSRF check disagree about what "our site" is.
 */
export function parseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  // `new URL` keeps a lone "?" or "#" out of search/hash: refuse them too.
  if (/[?#]/.test(value)) return null;
  return url.origin;
}

const ZOrigin = z.string().transform((value, ctx) => {
  const origin = parseOrigin(value);
  if (origin === null) {
    ctx.addIssue({ code: 'custom', message: 'not an origin' });
    return z.NEVER;
  }
  return origin;
});

/** An IPv4 or IPv6 address, optionally with a /prefix length. */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  if (extra !== undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Which proxies may tell us the client's address and scheme: none, the nearest N, or those at these addresses. */
export type TrustProxy = false | number | string[];

const ZTrustProxy = z.string().transform((value, ctx): TrustProxy => {
  const text = value.toLowerCase();
  if (text === 'off' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 100) return hops;
  } else {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    if (entries.length > 0 && entries.every(isAddressOrRange)) return entries;
  }
  ctx.addIssue({ code: 'custom', message: 'not a hop count or address list' });
  return z.NEVER;
});

function urlWithProtocols(protocols: string[]) {
  return z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  });
}

/** `address` or `Display Name <address>`, as a mail's From says it. */
const ZMailbox = z.string().refine((value) => {
  const address = /^[^<>]*<([^<>]+)>$/.exec(value)?.[1]?.trim() ?? value;
  return z.email().safeParse(address).success && !/[\r\n]/.test(value);
});

const ZEnvironment = z
  .object({
    PORT: optionalText.pipe(
      z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(65535)).optional(),
    ),
    HOST: optionalText.pipe(
      z
        .string()
        .regex(/^[\w.:-]+$/)
        .optional(),
    ),
    NODE_ENV: optionalText.pipe(z.enum(['development', 'test', 'production']).optional()),
    PUBLIC_URL: optionalText.pipe(ZOrigin.optional()),
    TRUSTED_ORIGINS: optionalText.pipe(
      z
        .string()
        .transform((value) =>
          value
            .split(',')
            .map((origin) => origin.trim())
            .filter((origin) => origin !== ''),
        )
        .pipe(z.array(ZOrigin))
        .optional(),
    ),
    DATABASE_URL: optionalText.pipe(urlWithProtocols(['postgres:', 'postgresql:']).optional()),
    DATA_DIR: optionalText,
    ADMIN_EMAILS: optionalText.pipe(
      z
        .string()
        .transform((value) =>
          value
            .split(',')
            .map((email) => email.trim().toLowerCase())
            .filter((email) => email !== ''),
        )
        .pipe(z.array(z.email()))
        .optional(),
    ),
    STORAGE: optionalText.pipe(z.enum(['fs', 's3']).optional()),
    S3_ENDPOINT: optionalText.pipe(urlWithProtocols(['http:', 'https:']).optional()),
    S3_REGION: optionalText,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    SMTP_URL: optionalText.pipe(urlWithProtocols(['smtp:', 'smtps:']).optional()),
    SMTP_FROM: optionalText.pipe(ZMailbox.optional()),
    SEED_DEMO: optionalText.pipe(
      z
        .string()
        .toLowerCase()
        .pipe(z.enum(['true', 'false']))
        .transform((value) => value === 'true')
        .optional(),
    ),
    SESSION_SECRET: optionalText.pipe(z.string().min(32).optional()),
    LOG_LEVEL: optionalText.pipe(z.enum(LOG_LEVELS).optional()),
    WEB_DIST_DIR: optionalText,
    WEB_SSR_DIR: optionalText,
    WEB_DEV: optionalText.pipe(z.enum(['vite', 'off']).optional()),
    JOBS: optionalText.pipe(
      z
        .string()
        .toLowerCase()
        .pipe(z.enum(['on', 'off']))
        .optional(),
    ),
    TRUST_PROXY: optionalText.pipe(ZTrustProxy.optional()),
    METRICS_TOKEN: optionalText.pipe(z.string().min(16).optional()),
    SHUTDOWN_DRAIN_SECONDS: optionalText.pipe(
      z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(0).max(MAX_DRAIN_SECONDS)).optional(),
    ),
    WEBHOOK_PRIVATE_ADDRESSES: optionalText.pipe(
      z
        .string()
        .toLowerCase()
        .pipe(z.enum(['allow', 'refuse']))
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE === 's3') {
      const required = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
      for (const name of required) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when STORAGE=s3` });
      }
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'PUBLIC_URL is required in production: the origin people reach the site at (e.g. https://tradeops.example.com); every e-mailed link and the CSRF check use it',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET is required in production (at least 32 characters)',
      });
    }
    if (env.NODE_ENV === 'production' && env.WEBHOOK_PRIVATE_ADDRESSES === 'allow') {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOK_PRIVATE_ADDRESSES'],
        message:
          'WEBHOOK_PRIVATE_ADDRESSES=allow is refused in production: webhooks must never reach this network (loopback, private ranges, cloud metadata)',
      });
    }
  });

/** Every variable the server reads (.env.example lists them all; a test compares). */
export const ENVIRONMENT_VARIABLES = Object.keys(ZEnvironment.shape) as (keyof typeof ZEnvironment.shape)[];

export type StorageConfig =
  | { driver: 'fs' }
  | {
      driver: 's3';
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

/** How hard a password hash is to make: `standard` everywhere but under NODE_ENV=test. */
export type PasswordHashing = 'standard' | 'test';

export interface AppConfig {
  port: number;
  host: string;
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  /** The password hashes' cost: `test` under NODE_ENV=test only (plugins/auth/password-hash.ts). */
  passwordHashing: PasswordHashing;
  /**
   * The site's origin (`https://tradeops.example.com`, no trailing slash): every absolute link
   * (e-mails) is built from it, never from the request's Host, and state-changing requests must
   * come from it (or from `trustedOrigins`).
   */
  publicUrl: string;
  /** More origins whose pages may send state-changing requests (the Vite dev server). */
  trustedOrigins: string[];
  /** null: the embedded PGlite database under `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  adminEmails: string[];
  storage: StorageConfig;
  smtpUrl: string | null;
  /** The From of every mail: SMTP_FROM, or `TradeOps <no-reply@…>` on PUBLIC_URL's host. */
  smtpFrom: string;
  seedDemo: boolean;
  /** null until `resolveSessionSecret` reads or creates the one kept in DATA_DIR. */
  sessionSecret: string | null;
  logLevel: LogLevel;
  webDistDir: string;
  /** The web build's server renderer of public pages (`vite build --ssr`); missing: pages go out as the app shell. */
  webSsrDir: string;
  /**
   * Development (`npm run dev`, WEB_DEV=vite): the web app's source served through Vite in
   * middleware mode, pages rendered by its entry-server.tsx as the build renders them. Never in production.
   */
  webDevServer: boolean;
  /**
   * Whether this instance runs the background workers and schedules (order
   * expiry, waitlist invitations, operation deadlines). Off, it still queues jobs for
   * the instances that run them.
   */
  runJobs: boolean;
  /**
   * Fastify's `trustProxy`: whether X-Forwarded-For / -Proto / -Host are believed (request.ip,
   * request.protocol, the rate-limit keys). Off by default: anyone could forge them.
   */
  trustProxy: TrustProxy;
  /** The bearer token /metrics asks for; null: no /metrics (404). */
  metricsToken: string | null;
  /**
   * How long a SIGTERM'd instance keeps serving while reporting not-ready, so the load balancer
   * stops sending it requests before it stops accepting them (docs/deploy.md, "Stopping").
   */
  shutdownDrainMs: number;
  /**
   * Whether webhook endpoints may be on loopback or private addresses: only for development and
   * tests (a receiver on this machine); never in production.
   */
  allowPrivateWebhookAddresses: boolean;
}

function describeIssue(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const name = String(issue.path[0] ?? 'environment');
  if (issue.code === 'custom' && issue.message.startsWith(name)) return issue.message;
  const expected = EXPECTED[name as EnvName] ?? 'a valid value';
  const raw = env[name];
  const got = raw === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(raw)})`;
  return `${name} must be ${expected}${got}`;
}

/**
 * The directory relative paths (DATA_DIR=./data) are meant from: where the user
 * ran the command. npm runs workspace scripts inside the package directory but
 * records the caller's directory in INIT_CWD, so `npm run db:seed` at the root
 * and `npm start` use the same ./data.
 */
export function getLaunchDir(env: Record<string, string | undefined>): string {
  return env.INIT_CWD || process.cwd();
}

/**
 * Parses the environment once (pure: no I/O; `cwd` resolves relative paths).
 * Throws a ConfigError whose message is a single line.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd: string = process.cwd()): AppConfig {
  const parsed = ZEnvironment.safeParse(env);
  if (!parsed.success) {
    const seen = new Set<string>();
    const lines = parsed.error.issues
      .map((issue) => describeIssue(issue, env))
      .filter((line) => !seen.has(line) && seen.add(line));
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const resolvePath = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  const storage: StorageConfig =
    e.STORAGE === 's3'
      ? {
          driver: 's3',
          endpoint: e.S3_ENDPOINT ?? '',
          region: e.S3_REGION ?? '',
          bucket: e.S3_BUCKET ?? '',
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
        }
      : { driver: 'fs' };
  const port = e.PORT ?? 3000;
  const publicUrl = e.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
  // Unconfigured, outside production: the same loopback server is reached as localhost too.
  const localAliases = e.PUBLIC_URL ? [] : [`http://localhost:${port}`];
  return {
    port,
    host: e.HOST ?? '127.0.0.1',
    nodeEnv,
    isProduction: nodeEnv === 'production',
    passwordHashing: nodeEnv === 'test' ? 'test' : 'standard',
    publicUrl,
    trustedOrigins: [...new Set([...localAliases, ...(e.TRUSTED_ORIGINS ?? [])])].filter(
      (origin) => origin !== publicUrl,
    ),
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: resolvePath(e.DATA_DIR ?? './data'),
    adminEmails: [...new Set(e.ADMIN_EMAILS ?? [])],
    storage,
    smtpUrl: e.SMTP_URL ?? null,
    smtpFrom: e.SMTP_FROM ?? `TradeOps <no-reply@${new URL(publicUrl).hostname}>`,
    // Demo accounts with a published password must never appear in production by accident.
    seedDemo: e.SEED_DEMO ?? nodeEnv !== 'production',
    sessionSecret: e.SESSION_SECRET ?? null,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDistDir: e.WEB_DIST_DIR ? resolvePath(e.WEB_DIST_DIR) : fromPackageDir('../web/dist'),
    webSsrDir: e.WEB_SSR_DIR ? resolvePath(e.WEB_SSR_DIR) : fromPackageDir('../web/dist-ssr'),
    webDevServer: e.WEB_DEV === 'vite' && nodeEnv !== 'production',
    runJobs: (e.JOBS ?? 'on') === 'on',
    trustProxy: e.TRUST_PROXY ?? false,
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdownDrainMs:
      (e.SHUTDOWN_DRAIN_SECONDS ?? (nodeEnv === 'production' ? DEFAULT_PRODUCTION_DRAIN_SECONDS : 0)) * 1000,
    allowPrivateWebhookAddresses:
      (e.WEBHOOK_PRIVATE_ADDRESSES ?? (nodeEnv === 'development' ? 'allow' : 'refuse')) === 'allow',
  };
}

/** Whether `host` only accepts connections from this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * What start-up must shout about the demo data: its accounts (an admin among them) share a
 * published password, so they are only safe on a machine nobody else reaches.
 */
export function demoSeedWarnings(config: Pick<AppConfig, 'seedDemo' | 'host' | 'isProduction'>): string[] {
  if (!config.seedDemo) return [];
  const warnings: string[] = [];
  if (!isLoopbackHost(config.host)) {
    warnings.push(
      `HOST=${config.host} reaches beyond this machine and the demo data is seeded: anyone who can reach it can sign in as the demo admin with the published password. Set SEED_DEMO=false, or HOST=127.0.0.1.`,
    );
  }
  if (config.isProduction) {
    warnings.push(
      'SEED_DEMO=true with NODE_ENV=production: the demo accounts, an admin among them, exist with a published password.',
    );
  }
  return warnings;
}
