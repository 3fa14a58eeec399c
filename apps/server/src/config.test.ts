import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, demoSeedWarnings, isLoopbackHost, loadConfig } from './config';
import { resolveSessionSecret } from './session-secret';

const CWD = '/srv/tradeops';

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env, CWD);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({}, CWD);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      isProduction: false,
      databaseUrl: null,
      dataDir: '/srv/tradeops/data',
      adminEmails: [],
      storage: { driver: 'fs' },
      smtpUrl: null,
      seedDemo: true,
      sessionSecret: null,
      logLevel: 'info',
      publicUrl: 'http://127.0.0.1:3000',
      trustedOrigins: ['http://localhost:3000'],
    });
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/);
  });

  it('defaults PUBLIC_URL to the loopback address on PORT outside production (localhost trusted too)', () => {
    expect(loadConfig({ PORT: '4000' }, CWD)).toMatchObject({
      publicUrl: 'http://127.0.0.1:4000',
      trustedOrigins: ['http://localhost:4000'],
    });
    // A configured PUBLIC_URL is the whole story: no implicit alias.
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }, CWD).trustedOrigins).toEqual([]);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }, CWD)).toMatchObject({ port: 3000, databaseUrl: null });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://TradeOps.example.com:443/',
        TRUSTED_ORIGINS: 'http://localhost:5173, https://admin.tradeops.example.com ,,https://tradeops.example.com',
        DATABASE_URL: 'postgresql://app:secret@db:5432/tradeops',
        DATA_DIR: '/var/lib/tradeops',
        ADMIN_EMAILS: ' Ops@Example.com, boss@example.com ,,',
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        SMTP_FROM: 'TradeOps Ops <ops@example.com>',
        SEED_DEMO: 'TRUE',
        SESSION_SECRET: 'x'.repeat(32),
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: 'web',
        JOBS: 'off',
      },
      CWD,
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'production',
      isProduction: true,
      // Normalised as browsers send Origin: lower-case host, no default port, no trailing slash.
      publicUrl: 'https://tradeops.example.com',
      trustedOrigins: ['http://localhost:5173', 'https://admin.tradeops.example.com'],
      databaseUrl: 'postgresql://app:secret@db:5432/tradeops',
      dataDir: '/var/lib/tradeops',
      adminEmails: ['ops@example.com', 'boss@example.com'],
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      smtpFrom: 'TradeOps Ops <ops@example.com>',
      seedDemo: true,
      sessionSecret: 'x'.repeat(32),
      logLevel: 'warn',
      webDistDir: '/srv/tradeops/web',
      runJobs: false,
    });
  });

  it('does not seed demo data in production unless asked', () => {
    const secret = { SESSION_SECRET: 's'.repeat(40), PUBLIC_URL: 'https://tradeops.example.com' };
    expect(loadConfig({ NODE_ENV: 'production', ...secret }, CWD).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ...secret }, CWD).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }, CWD).seedDemo).toBe(false);
  });

  it('trusts no proxy by default, the nearest hops, or proxies at listed addresses and ranges', () => {
    expect(loadConfig({}, CWD).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }, CWD).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }, CWD).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8' }, CWD).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    expect(errorOf({ TRUST_PROXY: 'yes' })).toContain('TRUST_PROXY must be off, a number of proxy hops');
    expect(errorOf({ TRUST_PROXY: '10.0.0.0/33' })).toContain('TRUST_PROXY must be');
  });

  it('enables /metrics only with a long enough token, never echoed in an error', () => {
    expect(loadConfig({}, CWD).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(16) }, CWD).metricsToken).toBe('m'.repeat(16));
    const message = errorOf({ METRICS_TOKEN: 'short-secret' });
    expect(message).toBe('Invalid configuration: METRICS_TOKEN must be at least 16 characters');
  });

  it('drains 5 s on SIGTERM in production and none elsewhere, within 0 to 60 s', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://tradeops.example.com',
      SESSION_SECRET: 's'.repeat(32),
    };
    expect(loadConfig(production, CWD).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({}, CWD).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '12' }, CWD).shutdownDrainMs).toBe(12_000);
    expect(loadConfig({ ...production, SHUTDOWN_DRAIN_SECONDS: '0' }, CWD).shutdownDrainMs).toBe(0);
    for (const value of ['61', '-1', '2.5', 'soon']) {
      expect(errorOf({ SHUTDOWN_DRAIN_SECONDS: value })).toBe(
        `Invalid configuration: SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 60 (got ${JSON.stringify(value)})`,
      );
    }
  });

  it('lets webhooks reach private addresses only where asked outside production (development by default)', () => {
    expect(loadConfig({}, CWD).allowPrivateWebhookAddresses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }, CWD).allowPrivateWebhookAddresses).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_PRIVATE_ADDRESSES: 'allow' }, CWD).allowPrivateWebhookAddresses).toBe(
      true,
    );
    expect(loadConfig({ WEBHOOK_PRIVATE_ADDRESSES: 'refuse' }, CWD).allowPrivateWebhookAddresses).toBe(false);
    expect(
      errorOf({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://tradeops.example.com',
        SESSION_SECRET: 's'.repeat(32),
        WEBHOOK_PRIVATE_ADDRESSES: 'allow',
      }),
    ).toMatch(/^Invalid configuration: WEBHOOK_PRIVATE_ADDRESSES=allow is refused in production/);
  });

  it('stays silent in tests by default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }, CWD).logLevel).toBe('silent');
  });

  it('names the variable, what it expects and what it got, on one line', () => {
    const message = errorOf({ PORT: 'abc' });
    expect(message).toBe('Invalid configuration: PORT must be an integer from 1 to 65535 (got "abc")');
    expect(message).not.toContain('\n');
  });

  it.each([
    ['PORT', '0'],
    ['PORT', '65536'],
    ['PORT', '80.5'],
    ['NODE_ENV', 'staging'],
    ['STORAGE', 'ftp'],
    ['SEED_DEMO', 'yes'],
    ['LOG_LEVEL', 'loud'],
    ['JOBS', 'sometimes'],
    ['ADMIN_EMAILS', 'ops@example.com, not-an-email'],
    ['HOST', 'bad host'],
  ])('refuses %s=%s', (name, value) => {
    expect(errorOf({ [name]: value })).toMatch(
      new RegExp(`^Invalid configuration: ${name} must be .+ \\(got "${value}"\\)$`),
    );
  });

  it('never echoes secrets in the error line', () => {
    const database = errorOf({ DATABASE_URL: 'mysql://root:hunter2@db/x' });
    expect(database).toBe('Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(errorOf({ SESSION_SECRET: 'short-secret' })).toBe(
      'Invalid configuration: SESSION_SECRET must be at least 32 characters',
    );
    expect(errorOf({ SMTP_URL: 'http://user:pw@mail' })).not.toContain('pw');
  });

  it('requires the S3 settings when STORAGE=s3', () => {
    expect(errorOf({ STORAGE: 's3', S3_BUCKET: 'files' })).toBe(
      'Invalid configuration: S3_ENDPOINT is required when STORAGE=s3; S3_REGION is required when STORAGE=s3; ' +
        'S3_ACCESS_KEY_ID is required when STORAGE=s3; S3_SECRET_ACCESS_KEY is required when STORAGE=s3',
    );
    const config = loadConfig(
      {
        STORAGE: 's3',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'key',
      },
      CWD,
    );
    expect(config.storage).toEqual({
      driver: 's3',
      endpoint: 'https://s3.example.com',
      region: 'us-east-1',
      bucket: 'files',
      accessKeyId: 'id',
      secretAccessKey: 'key',
    });
  });

  it('requires SESSION_SECRET in production', () => {
    expect(errorOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://tradeops.example.com' })).toBe(
      'Invalid configuration: SESSION_SECRET is required in production (at least 32 characters)',
    );
  });

  it('requires PUBLIC_URL in production: links must never come from the request', () => {
    expect(errorOf({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) })).toBe(
      'Invalid configuration: PUBLIC_URL is required in production: the origin people reach the site at ' +
        '(e.g. https://tradeops.example.com); every e-mailed link and the CSRF check use it',
    );
  });

  it.each([
    'tradeops.example.com',
    'ftp://tradeops.example.com',
    'https://tradeops.example.com/app',
    'https://tradeops.example.com/?next=1',
    'https://tradeops.example.com/#top',
    'https://user:pw@tradeops.example.com',
    'https://',
  ])('refuses PUBLIC_URL=%s with what it expects', (value) => {
    expect(errorOf({ PUBLIC_URL: value })).toBe(
      'Invalid configuration: PUBLIC_URL must be the origin people reach the site at: an http:// or https:// URL ' +
        `without path, query or credentials, e.g. https://tradeops.example.com (got ${JSON.stringify(value)})`,
    );
  });

  it('refuses a TRUSTED_ORIGINS list with an entry that is not an origin', () => {
    expect(errorOf({ TRUSTED_ORIGINS: 'http://localhost:5173, *' })).toBe(
      'Invalid configuration: TRUSTED_ORIGINS must be a comma-separated list of origins (http:// or https:// URLs ' +
        'without path, query or credentials) (got "http://localhost:5173, *")',
    );
  });

  it('reports every bad variable in the same line', () => {
    expect(errorOf({ PORT: 'x', STORAGE: 'y' })).toBe(
      'Invalid configuration: PORT must be an integer from 1 to 65535 (got "x"); STORAGE must be fs or s3 (got "y")',
    );
  });
});

describe('demo data safety', () => {
  it('never seeds the demo in production unless SEED_DEMO=true says so', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://tradeops.example.com',
      SESSION_SECRET: 'x'.repeat(32),
    };
    expect(loadConfig(production, CWD).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }, CWD).seedDemo).toBe(true);
  });

  it('tells loopback hosts from the ones others can reach', () => {
    for (const host of ['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'tradeops.example.com', '128.0.0.1']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });

  it('warns when the seeded demo listens beyond loopback or runs in production, and only then', () => {
    expect(demoSeedWarnings(loadConfig({}, CWD))).toEqual([]);
    expect(demoSeedWarnings(loadConfig({ HOST: '0.0.0.0', SEED_DEMO: 'false' }, CWD))).toEqual([]);
    const exposed = demoSeedWarnings(loadConfig({ HOST: '0.0.0.0' }, CWD));
    expect(exposed).toHaveLength(1);
    expect(exposed[0]).toMatch(/HOST=0\.0\.0\.0 .*demo admin/);
    const production = demoSeedWarnings(
      loadConfig(
        {
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://tradeops.example.com',
          SESSION_SECRET: 'x'.repeat(32),
          SEED_DEMO: 'true',
        },
        CWD,
      ),
    );
    expect(production).toEqual([expect.stringMatching(/NODE_ENV=production/)]);
  });
});

describe('resolveSessionSecret', () => {
  it('generates a secret once, keeps it in DATA_DIR with mode 600 and reuses it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tradeops-secret-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir }, CWD);
      const first = await resolveSessionSecret(config);
      const second = await resolveSessionSecret(config);
      expect(first.sessionSecret?.length).toBeGreaterThanOrEqual(32);
      expect(second.sessionSecret).toBe(first.sessionSecret);
      const file = join(dataDir, 'session-secret');
      expect((await readFile(file, 'utf8')).trim()).toBe(first.sessionSecret);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a configured secret and refuses a short stored one', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tradeops-secret-'));
    try {
      const configured = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'c'.repeat(32) }, CWD);
      expect((await resolveSessionSecret(configured)).sessionSecret).toBe('c'.repeat(32));
      await writeFile(join(dataDir, 'session-secret'), 'too-short');
      await expect(resolveSessionSecret(loadConfig({ DATA_DIR: dataDir }, CWD))).rejects.toBeInstanceOf(ConfigError);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("sends from PUBLIC_URL's host unless SMTP_FROM says otherwise, and refuses a From that is no address", () => {
    const base = { PUBLIC_URL: 'https://tradeops.example.com', SMTP_URL: 'smtp://relay.internal:25' };
    expect(loadConfig(base, CWD).smtpFrom).toBe('TradeOps <no-reply@tradeops.example.com>');
    expect(loadConfig({ ...base, SMTP_FROM: 'ops@example.com' }, CWD).smtpFrom).toBe('ops@example.com');
    expect(() => loadConfig({ ...base, SMTP_FROM: 'TradeOps <not an address>' }, CWD)).toThrow(
      'SMTP_FROM must be an e-mail address, alone or as Name <address>',
    );
  });
});
