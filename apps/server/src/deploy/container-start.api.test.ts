import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPackageDir } from '../paths';
import {
  type DockerStage,
  parseCopy,
  parseDockerfile,
  parseEnv,
  parseExecForm,
  parseHealthcheck,
} from '../test/dockerfile';
import { findPostgresServer } from '../test/postgres-server';
import { runCommand } from '../test/run-command';
import { createScratchDatabase } from '../test/scratch-database';

/**
 * No Docker here, so the image is assembled the way its runtime stage says, in a folder standing
 * for the container's file system: each COPY copies what the build stage left (the repository after
 * `npm run build`), ENV gives the environment, and the CMD runs with this Node in WORKDIR. Only the
 * dependency install is borrowed (the repository's node_modules: a test below checks the bundle
 * needs no dev dependency) and the server listens on loopback at a free port rather than 0.0.0.0:3000.
 */
const REPO_ROOT = fromPackageDir('../..');
const stages = parseDockerfile(readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8'));
const runtime = stages.at(-1)!;
const postgres = await findPostgresServer();

function instructions(stage: DockerStage, keyword: string): string[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword).map(({ args }) => args);
}

function stageNamed(name: string): DockerStage {
  const stage = stages.find((candidate) => candidate.name === name);
  if (!stage) throw new Error(`the Dockerfile has no stage ${name}`);
  return stage;
}

function workdirOf(stage: DockerStage): string {
  return instructions(stage, 'WORKDIR').reduce((dir, next) => posix.resolve(dir, next), '/');
}

interface RuntimeImage {
  /** The folder standing for the container's `/`. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  /** ENTRYPOINT followed by CMD: what `docker run <image>` runs. */
  cmd: string[];
}

/** The runtime stage, instruction by instruction, into `root`. */
async function assembleRuntimeImage(root: string): Promise<RuntimeImage> {
  let workdir = '/';
  const env: Record<string, string> = {};
  let entrypoint: string[] = [];
  let cmd: string[] = [];
  for (const { keyword, args } of runtime.instructions) {
    if (keyword === 'WORKDIR') workdir = posix.resolve(workdir, args);
    else if (keyword === 'ENV') Object.assign(env, parseEnv(args));
    else if (keyword === 'ENTRYPOINT') entrypoint = parseExecForm(args);
    else if (keyword === 'CMD') cmd = parseExecForm(args);
    else if (keyword === 'RUN' && /\bnpm (ci|install)\b/.test(args)) {
      for (const folder of ['', 'apps/server']) {
        const installed = join(REPO_ROOT, folder, 'node_modules');
        if (existsSync(installed)) await symlink(installed, join(root, workdir, folder, 'node_modules'), 'dir');
      }
    } else if (keyword === 'COPY') {
      const copy = parseCopy(args);
      // What the build stage left at /app/<path> is the repository's <path> after `npm run build`.
      const fromDir = copy.from === null ? '/' : workdirOf(stageNamed(copy.from));
      const target = posix.resolve(workdir, copy.destination);
      for (const source of copy.sources) {
        const path = copy.from === null ? source : posix.relative(fromDir, source);
        if (path.startsWith('..')) throw new Error(`COPY --from=${copy.from} ${source} is outside ${fromDir}`);
        const local = join(REPO_ROOT, path);
        const intoFolder = copy.destination.endsWith('/') && !statSync(local).isDirectory();
        const destination = join(root, intoFolder ? posix.join(target, basename(path)) : target);
        await mkdir(dirname(destination), { recursive: true });
        await cp(local, destination, { recursive: true });
      }
    }
  }
  await mkdir(join(root, env.DATA_DIR ?? '/data'), { recursive: true });
  return { root, workdir, env, cmd: [...entrypoint, ...cmd] };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until the URL answers 200; fails with the server's output when it exited or time runs out. */
async function waitForLive(url: string, server: ChildProcess, output: () => string): Promise<void> {
  await vi.waitFor(
    async () => {
      expect(server.exitCode, `the server exited:\n${output()}`).toBeNull();
      const status = await fetch(url).then(
        (response) => response.status,
        () => 0,
      );
      expect(status, `${url} did not answer 200:\n${output()}`).toBe(200);
    },
    { timeout: 60_000, interval: 200 },
  );
}

/** Bare package names the bundle imports (`import … from "fastify"`, `import("pg")`), node: built-ins left out. */
function importedPackages(bundle: string): string[] {
  const specifiers = [
    ...bundle.matchAll(/^\s*import\s[^;]*?from\s*["']([^"']+)["']/gm),
    ...bundle.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...bundle.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1]!);
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith('node:') && !specifier.startsWith('.'))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  return [...new Set(packages)].sort();
}

/**
 * Loaded only by `npm run dev` (plugins/web-dev.ts, behind WEB_DEV=vite, which config.ts ignores when
 * NODE_ENV=production): a dynamic import the production image never reaches.
 */
const DEVELOPMENT_ONLY_IMPORTS = ['vite'];

describe('the Docker image', () => {
  beforeAll(async () => {
    // The build stage's `npm run build`: the server bundle always (esbuild, under a second, so the
    // code under test is the current one), the web app only when there is no build yet.
    const builds = existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))
      ? [['run', 'build', '-w', '@tradeops/server']]
      : [['run', 'build']];
    for (const args of builds) {
      const result = await runCommand('npm', args, { cwd: REPO_ROOT, timeoutMs: 180_000 });
      if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
    }
  }, 200_000);

  it('builds with `npm run build` and runs as a non-root user in production, probed on /api/health/live', () => {
    const build = stageNamed('build');
    expect(instructions(build, 'COPY')).toContain('. .');
    expect(instructions(build, 'RUN')).toContain('npm run build');
    expect(parseEnv(instructions(runtime, 'ENV').join(' '))).toMatchObject({ NODE_ENV: 'production' });
    expect(instructions(runtime, 'USER')).toEqual([expect.not.stringMatching(/^(root|0)(:|$)/)]);
    const [healthcheck] = instructions(runtime, 'HEALTHCHECK').map(parseHealthcheck);
    expect(healthcheck?.command.join(' ')).toContain('/api/health/live');
  });

  it('installs only production dependencies, and the server bundle imports nothing else', async () => {
    const install = instructions(runtime, 'RUN').find((args) => /\bnpm (ci|install)\b/.test(args));
    expect(install).toMatch(/--omit=dev\b/);
    expect(install).toMatch(/--workspace @tradeops\/server\b/);
    const manifest = JSON.parse(await readFile(join(REPO_ROOT, 'apps/server/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // The server and the operator's commands (db:export needs pglite-tools: a production dependency).
    for (const file of ['server.js', 'cli.js']) {
      const bundle = await readFile(join(REPO_ROOT, 'apps/server/dist', file), 'utf8');
      const imported = importedPackages(bundle);
      expect(imported).toContain('fastify');
      expect(
        imported.filter((name) => !(name in manifest.dependencies) && !DEVELOPMENT_ONLY_IMPORTS.includes(name)),
        file,
      ).toEqual([]);
    }
  });

  describe('its CMD, with the production settings an operator gives it, on a new PostgreSQL database', () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('migrates, answers the probes and the HEALTHCHECK, serves the web app, and stops cleanly on SIGTERM', async (ctx) => {
      if (!postgres.isAvailable) return ctx.skip(postgres.skipReason);
      const root = await mkdtemp(join(tmpdir(), 'tradeops-image-'));
      cleanups.push(() => rm(root, { recursive: true, force: true }));
      const image = await assembleRuntimeImage(root);
      const scratch = await createScratchDatabase(postgres.url);
      cleanups.push(() => scratch.drop());

      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        ...image.env,
        // `docker run -p …` and a volume at DATA_DIR stand-ins: loopback at a free port, DATA_DIR inside root.
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(root, image.env.DATA_DIR ?? '/data'),
        // What production requires of the operator (config.ts).
        PUBLIC_URL: origin,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        DATABASE_URL: scratch.url,
        // The drain (5 s in production) is graceful-stop.api.test.ts's subject; 1 s here keeps its sequence.
        SHUTDOWN_DRAIN_SECONDS: '1',
      };
      const [program, ...args] = image.cmd;
      expect(program).toBe('node');
      const server = spawn(process.execPath, args, { cwd: join(root, image.workdir), env, stdio: 'pipe' });
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
      cleanups.push(async () => {
        if (server.exitCode === null && server.signalCode === null) {
          server.kill('SIGKILL');
          await exited;
        }
      });

      await waitForLive(`${origin}/api/health/live`, server, () => output);
      const ready = await fetch(`${origin}/api/health/ready`);
      expect(ready.status, output).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', realtime: 'ok', jobs: 'ok', storage: 'off' },
      });

      const page = await fetch(`${origin}/operations`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      // NODE_ENV=production from the image: HSTS on every answer.
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const html = await page.text();
      expect(html).toContain('<div id="root">');
      const script = /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      expect((await fetch(`${origin}${script}`)).status).toBe(200);

      // Docker's HEALTHCHECK, run as Docker would inside the container: healthy now, unhealthy once stopped.
      const [healthcheck] = instructions(runtime, 'HEALTHCHECK').map(parseHealthcheck);
      const [probeProgram, ...probeArgs] = healthcheck!.command;
      expect(probeProgram).toBe('node');
      const probe = () => runCommand(process.execPath, probeArgs, { env, timeoutMs: 10_000 });
      expect((await probe()).status).toBe(0);

      // `docker stop` sends SIGTERM: the server drains, closes and exits 0 well within Docker's 10 s.
      server.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      expect((await probe()).status).toBe(1);
    });
  });
});
