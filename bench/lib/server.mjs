// Starting and stopping the production server for the bench and the Lighthouse script.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureProductionBuild } from '../../scripts/lib/production-build.mjs';

/** The production build the scripts start, rebuilt first when missing or older than its sources. */
export function ensureBuild(root) {
  ensureProductionBuild(root);
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

/**
 * The server's logged errors (pino level ≥ 50), one line each: the message, its code and the
 * database's words. A failed CI run keeps only what it printed, so a check that fails shows them.
 */
export function serverErrors(logPath, limit = 10) {
  let text = '';
  try {
    text = readFileSync(logPath, 'utf8');
  } catch {
    return [];
  }
  const lines = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if ((entry.level ?? 0) < 50) continue;
    const cause = entry.err?.message?.split(': ').at(-1) ?? '';
    lines.push(
      `${new Date(entry.time).toISOString()} ${entry.msg ?? ''} ${entry.req?.url ?? ''} ${cause}`.slice(0, 400),
    );
    if (lines.length >= limit) break;
  }
  return lines;
}
