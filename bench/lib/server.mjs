// Starting and stopping the production server for the bench and the Lighthouse script.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the production build is made of: a file here newer than the build means the build is stale. */
const SOURCE_DIRS = ['apps/server/src', 'apps/server/drizzle', 'apps/web/src', 'packages/shared/src'];

function newestSourceTime(root) {
  let newest = 0;
  for (const dir of SOURCE_DIRS) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/**
 * Builds when there is no production build, or when a source file changed after it: the scripts measure
 * the code as it is (a stale build answered a renamed route 404 to every request of a bench run).
 */
export function ensureBuild(root) {
  const server = join(root, 'apps/server/dist/server.js');
  const web = join(root, 'apps/web/dist/index.html');
  const built = existsSync(server) && existsSync(web) && Math.min(statSync(server).mtimeMs, statSync(web).mtimeMs);
  if (built && built >= newestSourceTime(root)) return;
  console.info(
    built
      ? 'The production build is older than the sources: running `npm run build`…'
      : 'No production build yet: running `npm run build`…',
  );
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * The environment of the production server on 127.0.0.1:`port` with the demo data. Production requires
 * PUBLIC_URL: it is the server's own address, the Origin the scripts' requests send. `more` adds to it or
 * overrides it (the database, LOG_LEVEL, JOBS, another PUBLIC_URL…).
 */
export function productionServerEnv({ port, secret, ...more }) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: secret,
    SEED_DEMO: 'true',
    // No load balancer in front: a stop need not wait for one to notice (docs/deploy.md, "Stopping").
    SHUTDOWN_DRAIN_SECONDS: '0',
    ...more,
  };
}

export async function waitFor(url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

export function startServer(root, env, logPath) {
  const log = createWriteStream(logPath, { flags: 'a' });
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    child,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}
