#!/usr/bin/env node
// Crash safety on PostgreSQL (DATABASE_URL required; a scratch database is created and dropped):
//  1. kill -9 the server in the middle of an order load from 200 buyers, restart it: every order that
//     got a 201 is stored, no operation holds more tons than its live orders, none is oversold;
//  2. terminate every database connection of the server mid-load: requests answer (2xx or a 503 with
//     a code), never a 500 or a dropped connection, the process survives and serves again afterwards.
//   node bench/crash.mjs [--port 3147]
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createScratchDatabase } from './lib/database.mjs';
import { createBuyers, createOperations } from './lib/fixtures.mjs';
import { ensureBuild, productionServerEnv, startServer, waitFor } from './lib/server.mjs';
import { TERMS_VERSION } from './lib/terms.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { port: { type: 'string', default: '3147' } } });
const PORT = Number(args.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;
if (!process.env.DATABASE_URL) {
  console.error(
    'bench/crash.mjs needs DATABASE_URL (PostgreSQL): PGlite cannot be killed and reopened mid-write safely by design.',
  );
  process.exit(2);
}

async function order(cookie, operationId) {
  try {
    const response = await fetch(`${ORIGIN}/api/operations/${operationId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
      body: JSON.stringify({
        volume: 5,
        paymentMethod: 'wire',
        idempotencyKey: randomUUID(),
        termsVersion: TERMS_VERSION,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = await response.json().catch(() => null);
    return { status: response.status, id: body?.order?.id, code: body?.error?.code };
  } catch (error) {
    return { status: 0, error: error.name };
  }
}

async function invariants(db) {
  const [row] = await db.query(
    `select coalesce(sum(greatest(live - o.total_tons, 0)), 0)::int as oversubscribed_tons,
            count(*) filter (where live <> o.allocated_tons)::int as allocated_mismatches
       from operations o
       cross join lateral (select coalesce(sum(p.volume), 0)::int as live from orders p
                            where p.operation_id = o.id and p.status = 'active') l`,
  );
  return row;
}

async function main() {
  ensureBuild(root);
  const secret = randomBytes(32).toString('hex');
  const scratch = await createScratchDatabase(process.env.DATABASE_URL);
  const logPath = join(tmpdir(), `tradeops-crash-${process.pid}.log`);
  const env = productionServerEnv({ port: PORT, secret, ...scratch.serverEnv, LOG_LEVEL: 'warn' });
  let server = startServer(root, env, logPath);
  const db = await scratch.open();
  const report = { failures: 0 };
  try {
    await waitFor(`${ORIGIN}/api/health`);
    const buyers = await createBuyers(db, { count: 200, secret });
    const operationIds = await createOperations(db, { count: 10, totalTons: 500, prefix: 'Crash' });

    // 1. kill -9 mid-load.
    const results = [];
    const load = buyers.map(async (buyer, i) => {
      for (let k = 0; k < 5; k += 1)
        results.push(await order(buyer.cookie, operationIds[(i + k) % operationIds.length]));
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    server.child.kill('SIGKILL');
    await server.exited;
    await Promise.all(load);
    server = startServer(root, env, logPath);
    await waitFor(`${ORIGIN}/api/health`);
    const accepted = results.filter((r) => r.status === 201).map((r) => r.id);
    const stored = await db.query(`select id from orders where id = any($1::uuid[])`, [accepted]);
    const crash = {
      orders_sent: results.length,
      accepted_201: accepted.length,
      refused_4xx: results.filter((r) => r.status >= 400 && r.status < 500).length,
      server_errors_5xx: results.filter((r) => r.status >= 500).length,
      connection_dropped_by_kill: results.filter((r) => r.status === 0).length,
      accepted_and_stored: stored.length,
      ...(await invariants(db)),
    };
    if (crash.accepted_and_stored !== crash.accepted_201 || crash.oversubscribed_tons || crash.allocated_mismatches)
      report.failures += 1;
    report.kill9 = crash;
    console.info('kill -9 mid-load:', JSON.stringify(crash));

    // 2. The database connections die mid-load.
    const during = [];
    const drop = buyers.slice(0, 100).map(async (buyer, i) => {
      for (let k = 0; k < 3; k += 1)
        during.push(await order(buyer.cookie, operationIds[(i + k) % operationIds.length]));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [{ killed }] = await db.query(
      `select count(pg_terminate_backend(pid))::int as killed from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await Promise.all(drop);
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    let recovered = false;
    for (let attempt = 0; attempt < 40 && !recovered; attempt += 1) {
      recovered = (await fetch(`${ORIGIN}/api/health`).catch(() => ({ ok: false }))).ok;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const after = await order(buyers[150].cookie, operationIds[0]);
    const faults = {
      backends_terminated: killed,
      requests: during.length,
      ok_2xx: during.filter((r) => r.status >= 200 && r.status < 300).length,
      answered_503: during.filter((r) => r.status === 503).length,
      other_4xx: during.filter((r) => r.status >= 400 && r.status < 500).length,
      answered_500: during.filter((r) => r.status === 500).length,
      no_answer: during.filter((r) => r.status === 0).length,
      codes_5xx: [...new Set(during.filter((r) => r.status >= 500).map((r) => r.code))],
      process_alive: alive,
      health_recovered: recovered,
      order_after_recovery: after.status,
      ...(await invariants(db)),
    };
    if (faults.answered_500 || faults.no_answer || !alive || !recovered || faults.oversubscribed_tons)
      report.failures += 1;
    report.connection_drop = faults;
    console.info('database connections terminated mid-load:', JSON.stringify(faults));
  } finally {
    await db.close();
    await server.stop();
    await scratch.drop();
  }
  console.info(
    report.failures === 0
      ? 'crash safety: every check held'
      : `crash safety: ${report.failures} check(s) failed (log ${logPath})`,
  );
  process.exitCode = report.failures === 0 ? 0 : 1;
}

await main();
