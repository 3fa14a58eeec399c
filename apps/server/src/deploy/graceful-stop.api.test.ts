import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRODUCTION_DRAIN_SECONDS } from '../config';
import { CLOSE_BUDGET_MS } from '../plugins/graceful-stop';
import { createScratchDatabase } from '../test/scratch-database';
import { type ServerBundle, buildServerBundle } from '../test/server-bundle';

/** Shorter than production's 5 s to keep the suite quick; the sequence is the same. */
const DRAIN_SECONDS = 2;
const CLIENTS = 16;

interface Outcome {
  sentAt: number;
  answeredAt: number;
  status?: number;
  connection?: string;
  error?: string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function get(port: number, path: string, agent: http.Agent): Promise<Outcome> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          sentAt,
          answeredAt: performance.now(),
          status: response.statusCode,
          connection: response.headers.connection,
        }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ sentAt, answeredAt: performance.now(), error: error.code ?? error.message }),
    );
  });
}

describe('stopping behind a load balancer (SIGTERM)', () => {
  let bundle: ServerBundle;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    bundle = await buildServerBundle();
    cleanups.push(() => bundle.remove());
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('fits the default stop inside docker stop’s 10 s', () => {
    expect(DEFAULT_PRODUCTION_DRAIN_SECONDS * 1000 + CLOSE_BUDGET_MS).toBeLessThan(10_000);
  });

  it('turns not-ready first, answers every request sent during the drain on keep-alive connections, then exits in time', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tradeops-stop-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (process.env.DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL);
      cleanups.push(() => scratch.drop());
      databaseUrl = scratch.url;
    }
    const port = await freePort();
    const server: ChildProcess = spawn(process.execPath, [bundle.server], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        JOBS: 'on',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.on('exit', (code) => resolve({ code, at: performance.now() })),
    );
    cleanups.push(async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    });

    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(async () => {
      agent.destroy();
      probeAgent.destroy();
    });
    await vi.waitFor(
      async () => {
        expect(server.exitCode, `the server exited:\n${output}`).toBeNull();
        expect((await get(port, '/api/health/ready', probeAgent)).status, output).toBe(200);
      },
      { timeout: 90_000, interval: 200 },
    );

    // The load balancer: keep-alive connections busy with requests, and a readiness probe beside them.
    let isRunning = true;
    const probes: Outcome[] = [];
    const requests: Outcome[] = [];
    const probing = (async () => {
      while (isRunning) {
        probes.push(await get(port, '/api/health/ready', probeAgent));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (isRunning) {
        const outcome = await get(port, '/api/operations', agent);
        requests.push(outcome);
        // Refused: the instance no longer listens, as a balancer would find it.
        if (outcome.error) return;
      }
    });
    // The balancer's connections are open and answering, and its probe sees the instance ready.
    await vi.waitFor(() => {
      expect(requests.filter((request) => request.status === 200).length).toBeGreaterThanOrEqual(2 * CLIENTS);
      expect(probes.some((probe) => probe.status === 200)).toBe(true);
    });

    const signalledAt = performance.now();
    server.kill('SIGTERM');
    const exit = await exited;
    isRunning = false;
    await Promise.all([probing, ...clients]);

    const stopMs = exit.at - signalledAt;
    expect(exit.code, output).toBe(0);
    expect(stopMs).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
    expect(stopMs, output).toBeLessThan(DRAIN_SECONDS * 1000 + CLOSE_BUDGET_MS);

    // Readiness turned 503 before anything else changed, and stayed so.
    const probesAfter = probes.filter((probe) => probe.sentAt > signalledAt);
    const firstNotReady = probesAfter.find((probe) => probe.status !== 200);
    expect(firstNotReady?.status, JSON.stringify(probesAfter.slice(0, 3))).toBe(503);
    const firstFailure = requests.find((request) => request.status !== 200);
    expect(firstNotReady!.answeredAt).toBeLessThan(firstFailure?.answeredAt ?? Infinity);
    expect(firstNotReady!.answeredAt - signalledAt).toBeLessThan(DRAIN_SECONDS * 1000);

    // Every request sent while it drained was answered, on the connections already open. (A
    // quarter second short of the drain's end, for the signal's and the requests' way there.)
    const drainEnd = signalledAt + DRAIN_SECONDS * 1000 - 250;
    const duringDrain = requests.filter((request) => request.sentAt > signalledAt && request.sentAt < drainEnd);
    expect(duringDrain.length).toBeGreaterThan(CLIENTS);
    expect(duringDrain.filter((request) => request.status !== 200)).toEqual([]);
    // Each answer once it is stopping closes its connection, so none is left for the stop to wait on.
    const sentWhileStopping = requests.filter(
      (request) => request.sentAt > firstNotReady!.answeredAt && request.status,
    );
    expect(sentWhileStopping.length).toBeGreaterThan(0);
    expect(sentWhileStopping.filter((request) => request.connection !== 'close')).toEqual([]);
  }, 120_000);
});
