#!/usr/bin/env node
// Two app instances on one PostgreSQL database (DATABASE_URL required; a scratch database is created
// and dropped): two processes of the production build, A and B, started at the same moment (both
// migrate and seed under the advisory lock), both with JOBS=on, on two loopback ports.
//  (a) Real time across instances: a buyer's waiting page (/operation/:id/waiting) is open in headless
//      Chromium on B; other buyers' orders go through A's API; the page's allocation figure must follow
//      each one without a reload (latency from A's 201 to the figure changing in the page), and a raw
//      GET /api/events stream on B must hear each order's operation event.
//  (b) The order sweep runs once per order, not once per instance: N live orders (through A and
//      B) are made due, four sweep jobs are queued at once (the server's own pg-boss workers take them,
//      one at a time per instance, so two that overlap in time ran on A and B together), and each
//      order must have expired exactly once: status expired, one audit row, one notification, its tons
//      given back once (allocated_tons = live orders, operations open again).
//      --schedule waits for the scheduled minute sweep instead (up to ~100 s): exactly one job per
//      minute between the two instances' schedulers, and the same exactly-once checks.
// Exit 1 when any check fails.
//   node bench/two-instances.mjs [--port-a 3162] [--port-b 3163] [--orders 80] [--rounds 3] [--schedule]
/* global window, document, MutationObserver -- inside page.evaluate and waitForFunction, run by the browser */
import { chromium } from '@playwright/test';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from '../e2e/support/chromium-args.ts';
import { callApi } from './lib/api.mjs';
import { createScratchDatabase } from './lib/database.mjs';
import { SESSION_COOKIE, createBuyers, createOperations } from './lib/fixtures.mjs';
import { ORDER_SWEEP_QUEUE, openJobQueue } from './lib/jobs.mjs';
import { ensureBuild, productionServerEnv, startServer, waitFor } from './lib/server.mjs';
import { TERMS_VERSION } from './lib/terms.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    'port-a': { type: 'string', default: '3162' },
    'port-b': { type: 'string', default: '3163' },
    orders: { type: 'string', default: '80' },
    rounds: { type: 'string', default: '3' },
    schedule: { type: 'boolean', default: false },
  },
});
const ORIGIN_A = `http://127.0.0.1:${args['port-a']}`;
const ORIGIN_B = `http://127.0.0.1:${args['port-b']}`;
const DUE_ORDERS = Number(args.orders);
const ROUNDS = args.schedule ? 1 : Number(args.rounds);
/** Orders placed through A while the page on B watches. */
const LIVE_ORDERS = 5;
const UPDATE_TIMEOUT_MS = 10_000;
if (!process.env.DATABASE_URL) {
  console.error('bench/two-instances.mjs needs DATABASE_URL (PostgreSQL): PGlite is one process by design.');
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function order(origin, buyer, operationId, volume) {
  const result = await callApi(origin, 'POST', `/api/operations/${operationId}/orders`, {
    cookie: buyer.cookie,
    json: { volume, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
  });
  if (result.status !== 201) throw new Error(`order through ${origin}: ${result.status} ${result.code ?? ''}`);
  return { id: result.body.order.id, at: Date.now() };
}

/** A raw Server-Sent Events client: every `data:` event with the time it arrived. */
async function openEventStream(origin, cookie) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/events`, { headers: { cookie }, signal: controller.signal });
  if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}`);
  const events = [];
  let isReady = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (/^event: ready$/m.test(block)) isReady = true;
        const data = block.match(/^data: (.*)$/m)?.[1];
        if (data && !/^event: /m.test(block)) events.push({ at: Date.now(), event: JSON.parse(data) });
      }
    }
  })().catch((error) => {
    if (error.name !== 'AbortError') throw error;
  });
  const until = Date.now() + 5_000;
  while (!isReady && Date.now() < until) await sleep(20);
  if (!isReady) throw new Error('GET /api/events sent no ready event');
  return {
    events,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** The value of a buyer's session cookie as the browser sends it (signed, URI-encoded). */
const cookieValueOf = (buyer) => buyer.cookie.slice(SESSION_COOKIE.length + 1);

/** The number a text like "35 de 200 t asignadas" starts with. */
const allocatedIn = (text) => Number((text ?? '').match(/\d+/)?.[0] ?? Number.NaN);

async function checkRealtime(db, buyers, report) {
  const [operationId] = await createOperations(db, { count: 1, totalTons: 200, prefix: 'Two instances live' });
  const watcher = buyers[0];
  await order(ORIGIN_B, watcher, operationId, 10);
  const stream = await openEventStream(ORIGIN_B, buyers[1].cookie);
  const browser = await chromium.launch({ executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const failures = [];
  try {
    const context = await browser.newContext({ locale: 'es-ES' });
    await context.addCookies([
      {
        name: SESSION_COOKIE,
        value: cookieValueOf(watcher),
        domain: '127.0.0.1',
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    const page = await context.newPage();
    await page.goto(`${ORIGIN_B}/operation/${operationId}/waiting`);
    const figure = page.getByTestId('operation-room-allocated');
    await figure.waitFor({ timeout: 15_000 });
    await page.waitForSelector('[data-testid="live-indicator"][data-live="true"]', { timeout: 15_000 });
    const initial = allocatedIn(await figure.textContent());
    if (initial !== 10) failures.push(`the waiting page on B showed ${initial} t allocated, not 10`);
    // Every change of the figure, stamped in the page (same machine clock as this script).
    await page.evaluate(() => {
      const element = document.querySelector('[data-testid="operation-room-allocated"]');
      window.__allocationChanges = [];
      new MutationObserver(() =>
        window.__allocationChanges.push({ at: Date.now(), text: element.textContent }),
      ).observe(element, { childList: true, characterData: true, subtree: true });
    });
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    const rounds = [];
    let expected = initial;
    for (let i = 0; i < LIVE_ORDERS; i += 1) {
      const volume = 5 * (1 + (i % 3));
      expected += volume;
      const placed = await order(ORIGIN_A, buyers[2 + i], operationId, volume);
      const target = expected;
      const shown = await page
        .waitForFunction(
          (value) => window.__allocationChanges.find((change) => Number(change.text.match(/\d+/)?.[0]) === value),
          target,
          { timeout: UPDATE_TIMEOUT_MS, polling: 50 },
        )
        .then((handle) => handle.jsonValue())
        .catch(() => null);
      const heard = stream.events.find(
        (entry) =>
          entry.event.kind === 'operation' &&
          entry.event.operationId === operationId &&
          entry.at >= placed.at - 1_000 &&
          !entry.used,
      );
      if (heard) heard.used = true;
      rounds.push({
        volume,
        allocated: target,
        page_updated_ms: shown ? shown.at - placed.at : null,
        sse_event_ms: heard ? heard.at - placed.at : null,
      });
      if (!shown)
        failures.push(`the page on B did not show ${target} t within ${UPDATE_TIMEOUT_MS / 1000} s of A's 201`);
      if (!heard) failures.push(`GET /api/events on B did not hear the operation event of order ${i + 1}`);
    }
    const [stored] = await db.query(`select allocated_tons from operations where id = $1`, [operationId]);
    const final = allocatedIn(await figure.textContent());
    if (final !== stored.allocated_tons)
      failures.push(`the page shows ${final} t, the database ${stored.allocated_tons} t`);
    if (navigations !== 0) failures.push(`the page navigated ${navigations} time(s): it was reloaded`);
    const latencies = rounds.map((row) => row.page_updated_ms).filter((ms) => ms !== null);
    const sse = rounds.map((row) => row.sse_event_ms).filter((ms) => ms !== null);
    report.realtime = {
      orders_through_a: LIVE_ORDERS,
      page_updates_seen_on_b: latencies.length,
      sse_events_heard_on_b: sse.length,
      page_latency_ms: { min: Math.min(...latencies), median: median(latencies), max: Math.max(...latencies) },
      sse_latency_ms: { min: Math.min(...sse), median: median(sse), max: Math.max(...sse) },
      reloads: navigations,
      rounds,
      failures,
    };
    console.info(
      `(a) real time: ${latencies.length}/${LIVE_ORDERS} orders through A shown on B's waiting page without a reload, ` +
        `201 → page updated ${fmt(report.realtime.page_latency_ms)}; ` +
        `${sse.length}/${LIVE_ORDERS} heard on B's GET /api/events, 201 → event ${fmt(report.realtime.sse_latency_ms)}`,
    );
  } finally {
    await browser.close();
    await stream.close();
  }
  return failures;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
}
const fmt = ({ min, median: mid, max }) => `min ${min} / median ${mid} / max ${max} ms`;

/** Exactly-once checks for a set of orders that were made due. */
async function checkExpiredOnce(db, ids, operationIds) {
  const [row] = await db.query(
    `select
       (select count(*) from orders where id = any($1::uuid[]) and status = 'expired'
          and ended_reason = 'hold_expired')::int as expired,
       (select count(*) from audit_log where entity_id = any($2::text[]) and action = 'order.expired')::int
         as audit_rows,
       (select count(distinct entity_id) from audit_log
         where entity_id = any($2::text[]) and action = 'order.expired')::int as audited_orders,
       (select count(*) from notifications where type = 'order.expired'
          and data->>'orderId' = any($2::text[]))::int as notifications,
       (select count(distinct data->>'orderId') from notifications where type = 'order.expired'
          and data->>'orderId' = any($2::text[]))::int as notified_orders`,
    [ids, ids],
  );
  const tons = await db.query(
    `select o.id, o.status, o.total_tons, o.allocated_tons,
            (select coalesce(sum(p.volume), 0)::int from orders p
              where p.operation_id = o.id and p.status = 'active') as live
       from operations o where o.id = any($1::uuid[])`,
    [operationIds],
  );
  const failures = [];
  const n = ids.length;
  if (row.expired !== n) failures.push(`${row.expired} of ${n} due orders expired`);
  if (row.audit_rows !== n || row.audited_orders !== n)
    failures.push(`${row.audit_rows} expiry audit rows for ${row.audited_orders} orders (want ${n} for ${n})`);
  if (row.notifications !== n || row.notified_orders !== n)
    failures.push(`${row.notifications} expiry notifications for ${row.notified_orders} orders (want ${n} for ${n})`);
  for (const operation of tons) {
    if (operation.allocated_tons !== operation.live)
      failures.push(
        `operation ${operation.id}: allocated ${operation.allocated_tons} t, live orders ${operation.live} t`,
      );
    if (operation.status !== 'active')
      failures.push(`operation ${operation.id} is ${operation.status} after its tons came back`);
  }
  return {
    counts: { ...row, allocated_tons_after: tons.reduce((sum, o) => sum + o.allocated_tons, 0) },
    failures,
  };
}

/** Fills operations with due orders (through A and B in turn); returns their ids. */
async function placeDueOrders(db, buyers, round) {
  const operationIds = await createOperations(db, {
    count: 4,
    totalTons: (DUE_ORDERS / 4) * 10,
    prefix: `Sweep ${round}`,
  });
  const ids = [];
  await Promise.all(
    buyers.slice(0, DUE_ORDERS).map(async (buyer, i) => {
      const { id } = await order(i % 2 === 0 ? ORIGIN_A : ORIGIN_B, buyer, operationIds[i % 4], 10);
      ids.push(id);
    }),
  );
  const full = await db.query(
    `select count(*)::int as n from operations where id = any($1::uuid[]) and status = 'allocated'`,
    [operationIds],
  );
  if (full[0].n !== 4) throw new Error(`the sweep's operations did not fill (${full[0].n} of 4 allocated)`);
  await db.query(`update orders set expires_at = now() - interval '1 second' where id = any($1::uuid[])`, [ids]);
  return { ids, operationIds };
}

async function checkTriggeredSweeps(db, jobs, buyers, report) {
  const failures = [];
  report.sweep_rounds = [];
  let concurrentRounds = 0;
  // At least ROUNDS rounds; up to 3 more while no round had two sweeps at once (their timing is the workers').
  for (let round = 1; round <= ROUNDS || (concurrentRounds === 0 && round <= ROUNDS + 3); round += 1) {
    const { ids, operationIds } = await placeDueOrders(db, buyers, round);
    const started = Date.now();
    const jobIds = await Promise.all([0, 1, 2, 3].map(() => jobs.trigger(ORDER_SWEEP_QUEUE)));
    const finished = await Promise.all(
      jobIds.map((id) => jobs.waitForJob(ORDER_SWEEP_QUEUE, id, { timeoutMs: 60_000 })),
    );
    for (const job of finished)
      if (job.state !== 'completed')
        failures.push(`sweep job ${job.id} ended ${job.state}: ${job.output?.message ?? ''}`);
    // A worker runs one job at a time: two jobs running at the same moment ran on A and B together.
    const spans = finished
      .filter((job) => job.state === 'completed')
      .map((job) => [new Date(job.startedOn).getTime(), new Date(job.completedOn).getTime()]);
    let overlapping = 0;
    for (let i = 0; i < spans.length; i += 1)
      for (let j = i + 1; j < spans.length; j += 1)
        if (spans[i][0] < spans[j][1] && spans[j][0] < spans[i][1]) overlapping += 1;
    const { counts, failures: broken } = await checkExpiredOnce(db, ids, operationIds);
    failures.push(...broken.map((message) => `round ${round}: ${message}`));
    if (overlapping > 0) concurrentRounds += 1;
    const row = {
      round,
      due_orders: ids.length,
      sweep_jobs: finished.length,
      overlapping_job_pairs: overlapping,
      job_spans_ms: spans.map(([from, to]) => [from - started, to - started]),
      seconds: Number(((Date.now() - started) / 1000).toFixed(1)),
      ...counts,
    };
    report.sweep_rounds.push(row);
    console.info(
      `(b) round ${round}: ${ids.length} due orders, 4 sweep jobs (${overlapping} pair(s) ran at the same time on A and B): ` +
        `${counts.expired} expired, ${counts.audit_rows} audit rows, ${counts.notifications} notifications, ` +
        `allocated after ${counts.allocated_tons_after} t; jobs ran ${row.job_spans_ms.map(([from, to]) => `${from}–${to}`).join(', ')} ms after queueing`,
    );
  }
  report.rounds_with_concurrent_sweeps = concurrentRounds;
  // Without two sweeps running at once the race was not exercised, and the run proves less than it says.
  if (concurrentRounds === 0) failures.push('no round had two sweeps running at the same moment on A and B');
  return failures;
}

async function checkScheduledSweep(db, buyers, report) {
  const { ids, operationIds } = await placeDueOrders(db, buyers, 'scheduled');
  const started = Date.now();
  let live = ids.length;
  while (live > 0 && Date.now() - started < 100_000) {
    await sleep(1_000);
    [{ live }] = await db.query(
      `select count(*)::int as live from orders where id = any($1::uuid[]) and status = 'active'`,
      [ids],
    );
  }
  const failures = live > 0 ? [`${live} due orders still live after 100 s: no scheduled sweep ran`] : [];
  // Jobs the two schedulers sent (ours carry a 'reliability-' key): one per minute slot at most.
  const slots = await db.query(
    `select singleton_on, count(*)::int as jobs from pgboss.job
      where name = $1 and coalesce(singleton_key, '') not like 'reliability-%'
      group by singleton_on order by singleton_on`,
    [ORDER_SWEEP_QUEUE],
  );
  for (const slot of slots)
    if (slot.jobs > 1) failures.push(`${slot.jobs} scheduled sweep jobs for ${slot.singleton_on}`);
  const { counts, failures: broken } = await checkExpiredOnce(db, ids, operationIds);
  failures.push(...broken);
  report.scheduled = {
    due_orders: ids.length,
    waited_seconds: Number(((Date.now() - started) / 1000).toFixed(1)),
    scheduled_jobs_by_minute: slots.map((slot) => slot.jobs),
    ...counts,
  };
  console.info(
    `(b) scheduled sweep: ${ids.length} due orders, expired after ${report.scheduled.waited_seconds} s; ` +
      `scheduled jobs per minute ${JSON.stringify(report.scheduled.scheduled_jobs_by_minute)}; ` +
      `${counts.expired} expired, ${counts.audit_rows} audit rows, ${counts.notifications} notifications`,
  );
  return failures;
}

async function main() {
  ensureBuild(root);
  const secret = randomBytes(32).toString('hex');
  const scratch = await createScratchDatabase(process.env.DATABASE_URL);
  const logPath = join(tmpdir(), `tradeops-two-instances-${process.pid}.log`);
  const env = (port) =>
    productionServerEnv({
      port,
      secret,
      ...scratch.serverEnv,
      // One site behind two doors: A is the public origin, B's loopback origin is trusted as well.
      PUBLIC_URL: ORIGIN_A,
      TRUSTED_ORIGINS: ORIGIN_B,
      LOG_LEVEL: 'warn',
      JOBS: 'on',
    });
  const startedAt = new Date();
  const started = performance.now();
  // Both at once: migrations and the demo seed run under the advisory lock, one instance after the other.
  const servers = [startServer(root, env(args['port-a']), logPath), startServer(root, env(args['port-b']), logPath)];
  const db = await scratch.open();
  let jobs = null;
  const report = {};
  const failures = [];
  try {
    await Promise.all([waitFor(`${ORIGIN_A}/api/health`), waitFor(`${ORIGIN_B}/api/health`)]);
    const buyers = await createBuyers(db, { count: Math.max(DUE_ORDERS, 2 + LIVE_ORDERS), secret });
    failures.push(...(await checkRealtime(db, buyers, report)));
    jobs = await openJobQueue(scratch.serverEnv.DATABASE_URL);
    failures.push(
      ...(args.schedule
        ? await checkScheduledSweep(db, buyers, report)
        : await checkTriggeredSweeps(db, jobs, buyers, report)),
    );
    for (const [i, server] of servers.entries())
      if (server.child.exitCode !== null) failures.push(`instance ${'AB'[i]} exited (${server.child.exitCode})`);
  } catch (error) {
    failures.push(`aborted: ${error.message}`);
  } finally {
    await jobs?.stop().catch(() => undefined);
    await db.close();
    await Promise.all(servers.map((server) => server.stop()));
    await scratch.drop();
  }
  report.failures = failures;
  report.seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, 'bench/results', `${startedAt.toISOString().replace(/[:.]/g, '-')}-two-instances.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  for (const message of failures) console.info(`  failure: ${message}`);
  console.info(
    failures.length === 0
      ? `two instances: every check held (${report.seconds} s, ${file})`
      : `two instances: ${failures.length} check(s) failed (log ${logPath})`,
  );
  process.exitCode = failures.length === 0 ? 0 : 1;
  if (failures.length === 0) rmSync(logPath, { force: true });
}

await main();
