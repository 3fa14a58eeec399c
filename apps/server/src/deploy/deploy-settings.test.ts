import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENVIRONMENT_VARIABLES, loadConfig } from '../config';
import { CLOSE_BUDGET_MS } from '../plugins/graceful-stop';
import { fromPackageDir } from '../paths';
import { parseDockerfile, parseEnv } from '../test/dockerfile';

const REPO_ROOT = fromPackageDir('../..');
const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/** The marker line after which .env.example lists compose.yaml's own variables. */
const COMPOSE_ONLY_MARKER = '# --- compose.yaml only';

/** `NAME=value` lines of an env file, in order (comments and blank lines skipped). */
function parseEnvFile(text: string): [string, string][] {
  return text
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
}

/** Compose's interpolation: `$$`, `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME?error}`. */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?:(:?)([-?])([^}]*))?\}/g,
    (match, name?: string, colon?: string, kind?: string, rest?: string) => {
      if (match === '$$') return '$';
      const current = variables[name!];
      const isMissing = current === undefined || (colon === ':' && current === '');
      if (!isMissing) return current;
      if (kind === '?') throw new Error(`compose would stop: ${name} ${rest}`);
      return kind === '-' ? rest! : '';
    },
  );
}

const envExample = read('.env.example');
const [serverPart = '', composePart = ''] = envExample.split(COMPOSE_ONLY_MARKER);

describe('.env.example', () => {
  it('lists every variable the server reads, each once, and nothing else before the compose group', () => {
    const names = parseEnvFile(serverPart).map(([name]) => name);
    expect(names.length).toBe(new Set(names).size);
    expect([...names].sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
  });

  it('is safe as it stands: production refuses to start until a session secret is set, then accepts it', () => {
    const values = Object.fromEntries(parseEnvFile(serverPart));
    expect(values.NODE_ENV).toBe('production');
    expect(values.SEED_DEMO).toBe('false');
    expect(() => loadConfig(values, REPO_ROOT)).toThrow(
      /^Invalid configuration: SESSION_SECRET is required in production/,
    );
    const config = loadConfig({ ...values, SESSION_SECRET: 'a'.repeat(64) }, REPO_ROOT);
    expect(config).toMatchObject({ isProduction: true, seedDemo: false, trustProxy: false, databaseUrl: null });
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      {
        build?: string;
        image?: string;
        ports?: string[];
        environment?: Record<string, string>;
        command?: string[];
        stop_signal?: string;
        stop_grace_period?: string;
      }
    >;
  };
  const apps = Object.entries(compose.services).filter(([, service]) => service.build === '.');
  const composeVariables = parseEnvFile(composePart).map(([name]) => name);
  // What an operator puts in .env: the secrets compose insists on, and the rest left to its defaults.
  const operatorEnv: Record<string, string> = {
    SESSION_SECRET: 'f'.repeat(64),
    POSTGRES_PASSWORD: 'postgres-password',
    MINIO_ROOT_PASSWORD: 'minio-password',
  };
  const environmentOf = (name: string) =>
    Object.fromEntries(
      Object.entries(compose.services[name]?.environment ?? {}).map(([key, value]) => [
        key,
        interpolate(String(value), operatorEnv),
      ]),
    );

  it('runs two or more instances of this image, reachable only through the proxy', () => {
    expect(apps.length).toBeGreaterThanOrEqual(2);
    for (const [, service] of apps) expect(service.ports).toBeUndefined();
  });

  it('gives each instance a valid production configuration: PostgreSQL, the bucket, mail, one trusted hop', () => {
    for (const [name] of apps) {
      const env = environmentOf(name);
      expect(Object.keys(env).filter((key) => !(ENVIRONMENT_VARIABLES as string[]).includes(key))).toEqual([]);
      const config = loadConfig(env, REPO_ROOT);
      expect(config).toMatchObject({ isProduction: true, trustProxy: 1, runJobs: true, seedDemo: false });
      expect(config.publicUrl).toBe('http://localhost:8080');
      expect(new URL(config.databaseUrl!).hostname).toBe('postgres');
      expect(new URL(config.smtpUrl!).hostname).toBe('mailpit');
      expect(config.storage.driver).toBe('s3');
      if (config.storage.driver !== 's3') continue;
      expect(Object.keys(compose.services)).toContain(new URL(config.storage.endpoint).hostname);
      // The bucket the one-off job creates is the one the instances use.
      expect(compose.services.bucket?.command?.join(' ')).toContain(
        `mc mb --ignore-existing local/${config.storage.bucket}`,
      );
      expect(config.storage.accessKeyId).toBe(environmentOf('minio').MINIO_ROOT_USER);
      expect(config.storage.secretAccessKey).toBe(environmentOf('minio').MINIO_ROOT_PASSWORD);
    }
    expect(environmentOf('postgres').POSTGRES_PASSWORD).toBe(operatorEnv.POSTGRES_PASSWORD);
  });

  it('stops when a secret is missing from .env', () => {
    expect(() => interpolate(String(compose.services[apps[0]![0]]!.environment!.SESSION_SECRET), {})).toThrow(
      /SESSION_SECRET/,
    );
  });

  it('uses the variables .env.example lists for it', () => {
    const text = read('compose.yaml');
    for (const name of composeVariables) expect(text, name).toContain(`\${${name}`);
  });

  it("has the proxy send requests to every instance's port, routed by readiness", () => {
    const caddyfile = read('deploy/Caddyfile');
    const runtime = parseDockerfile(read('Dockerfile')).at(-1)!;
    const imagePort = parseEnv(
      runtime.instructions
        .filter((instruction) => instruction.keyword === 'ENV')
        .map((instruction) => instruction.args)
        .join(' '),
    ).PORT;
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams?.sort()).toEqual(apps.map(([name]) => `${name}:${environmentOf(name).PORT ?? imagePort}`).sort());
    expect(caddyfile).toMatch(/health_uri \/api\/health\/ready/);
  });

  it('pins every image to a release, MinIO from the registry that still publishes it', () => {
    const images = Object.values(compose.services).flatMap((service) => (service.image ? [service.image] : []));
    expect(images.length).toBe(Object.keys(compose.services).length - apps.length);
    for (const image of images) {
      const tag = /:([^/:]+)$/.exec(image)?.[1] ?? '';
      // A version with at least a minor part (caddy:2.10.2, postgres:17.6-alpine) or a dated release.
      expect(tag, image).toMatch(/^(v?\d+\.\d+(\.\d+)?(-[a-z0-9.]+)?|RELEASE\.\d{4}-\d{2}-\d{2}T[\w.-]+)$/);
    }
    // Docker Hub's minio/* repositories are gone (September 2026); quay.io still serves the images.
    for (const image of images.filter((name) => /minio/.test(name))) expect(image).toMatch(/^quay\.io\/minio\//);
  });

  it('stops each instance within its grace period: STOPSIGNAL and stop_grace_period agree with the drain', () => {
    const runtime = parseDockerfile(read('Dockerfile')).at(-1)!;
    const stopSignal = runtime.instructions.find((instruction) => instruction.keyword === 'STOPSIGNAL')?.args;
    expect(stopSignal).toBe('SIGTERM');
    for (const [name, service] of apps) {
      expect(service.stop_signal ?? stopSignal).toBe(stopSignal);
      const graceSeconds = Number(/^(\d+)s$/.exec(service.stop_grace_period ?? '')?.[1] ?? '10');
      const config = loadConfig(environmentOf(name), REPO_ROOT);
      expect(config.shutdownDrainMs + CLOSE_BUDGET_MS, name).toBeLessThanOrEqual(graceSeconds * 1000);
    }
  });
});

describe('Dockerfile', () => {
  it('builds on one pinned Node release, the one CI installs', () => {
    const version = /^ARG NODE_VERSION=(\S+)$/m.exec(read('Dockerfile'))?.[1];
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(read('.ci/run')).toContain(`NODE_LTS=${version}`);
    for (const stage of parseDockerfile(read('Dockerfile'))) {
      expect(stage.base).toBe('node:${NODE_VERSION}-bookworm-slim');
    }
  });
});
