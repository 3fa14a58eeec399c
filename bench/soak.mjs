#!/usr/bin/env node
// Soak on PostgreSQL (DATABASE_URL required; a scratch database is created and dropped): 10,000
// randomized operations from 200 concurrent buyers on 8 small operations, through the HTTP API of the
// production server (JOBS=on, its own workers), in 20 batches of 500:
//  - orders: most fresh, some replayed with their idempotency key (must answer 200 with the first
//    order), some off the 5 t lot step (must be refused with a code);
//  - cancels: a buyer cancels one of their orders (live, or already due to expire: a race with the
//    sweep; now and then a paid one: must be refused); a buyer with none tries someone else's (404);
//  - expiries: a live unpaid order's hold is moved into the past in the database, and the server's own
//    order sweep ends it (pg-boss jobs its worker runs: one queued at the start of each batch,
//    one at its end; nothing made due may still be live after them);
//  - payments: the buyer uploads a proof, then an admin confirms it three times at once (one deposit);
//  - reads: a catalogue search with a fresh term (a new read-cache key each time), an operation's detail
//    (the in-memory view counter), the buyer's notifications and an operation room: the caches stay bounded,
//    and the server's resident memory is printed after each batch (it must level off);
//  - every other batch, the operation holding the most escrow ends with refunds two ways at once: its
//    deadline passes (the server's deadline job) while an admin cancels it three times; exactly one of
//    the four may end it, and each deposit is refunded once; a fresh operation takes its place.
// After every batch, in SQL: for every operation allocated_tons = live orders + invited waitlist tons
// ≤ total_tons; every ledger transfer sums to zero (and so does the whole ledger); no order has
// two deposits or two payouts, a payout without a deposit, or escrow left after it ended; no order
// ended twice (one audit row, one notification); no due order left live; every 201 is stored.
// Exit 1 on any failure (no answer within 30 s, a 5xx, a 4xx without an error code) or violation.
//   node bench/soak.mjs [--port 3161] [--batches 20] [--batch-size 500] [--operations 8] [--seed N]
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AnswerTally, PROOF_PDF, callApi } from './lib/api.mjs';
import { createScratchDatabase } from './lib/database.mjs';
import { createAdminSession, createBuyers, createOperations } from './lib/fixtures.mjs';
import { OPERATION_DEADLINE_QUEUE, ORDER_SWEEP_QUEUE, openJobQueue } from './lib/jobs.mjs';
import { ensureBuild, productionServerEnv, serverErrors, startServer, waitFor } from './lib/server.mjs';
import { TERMS_VERSION } from './lib/terms.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The server's resident memory in MB (Linux /proc), or null elsewhere. */
function residentMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3161' },
    batches: { type: 'string', default: '20' },
    'batch-size': { type: 'string', default: '500' },
    operations: { type: 'string', default: '8' },
    seed: { type: 'string' },
  },
});
const PORT = Number(args.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BATCHES = Number(args.batches);
const BATCH_SIZE = Number(args['batch-size']);
const SEED = args.seed === undefined ? randomBytes(4).readUInt32LE() : Number(args.seed);
/** Small operations (100–450 t), so they fill and refuse often; a cancelled one is replaced by one of the same size. */
const OPERATION_TONS = Array.from({ length: Number(args.operations) }, (_, i) => 100 + 50 * (i % 8));
const VOLUMES = [5, 10, 15, 20, 25];
/** Kinds a buyer's operation is drawn from (the admin's operation cancel comes on top, every other batch). */
const BUYER_KINDS = [
  ['order', 0.45],
  ['cancel', 0.17],
  ['expire', 0.1],
  ['payment', 0.11],
  ['read', 0.17],
];
if (!process.env.DATABASE_URL) {
  console.error('bench/soak.mjs needs DATABASE_URL (PostgreSQL): PGlite is one session and hides races by design.');
  process.exit(2);
}

/**
 * A request to the server. The timeout is generous: 200 clients queue behind a 10-connection pool and
 * per-operation row locks, so a slow answer is expected on a busy machine; no answer at all is a failure.
 */
const api = (method, path, options) => callApi(ORIGIN, method, path, { timeoutMs: 30_000, ...options });

/** mulberry32: the same seed draws the same mix of operations (the interleaving is the machine's). */
function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (list) => list[Math.floor(next() * list.length)] };
}

function drawKind(random) {
  let r = random.next();
  for (const [kind, weight] of BUYER_KINDS) {
    if (r < weight) return kind;
    r -= weight;
  }
  return BUYER_KINDS[0][0];
}

/** One line per kind of request: answers, latency and the refusal codes. */
function printAnswers(kinds) {
  const rows = [['request', 'sent', '2xx', '4xx+code', 'failures', 'p50 ms', 'p99 ms', 'refusals']];
  for (const [kind, row] of Object.entries(kinds)) {
    const codes = Object.entries(row.refused_by_code).map(([code, n]) => `${code} ${n}`);
    rows.push([
      kind,
      row.requests,
      row.ok_2xx,
      row.refused_4xx,
      row.failures,
      row.p50_ms,
      row.p99_ms,
      codes.join(', '),
    ]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  for (const row of rows)
    console.info(
      `  ${row.map((cell, column) => (column === 0 || column === row.length - 1 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  ')}`.trimEnd(),
    );
}

/** The invariants, read in SQL after a batch; each count must be 0. */
async function checkInvariants(db, { operationIds, backdated, created }) {
  const tons = await db.query(
    `select o.id, o.status, o.total_tons, o.allocated_tons, l.live, w.invited
       from operations o
       cross join lateral (select coalesce(sum(p.volume), 0)::int as live from orders p
                            where p.operation_id = o.id and p.status = 'active') l
       cross join lateral (select coalesce(sum(w.invited_tons), 0)::int as invited from operation_waitlist w
                            where w.operation_id = o.id and w.status = 'invited') w
      where o.id = any($1::uuid[])`,
    [operationIds],
  );
  const [ledger] = await db.query(
    `select
       (select count(*) from (select t.id from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
                               group by t.id having count(e.id) < 2 or coalesce(sum(e.amount_cents), 0) <> 0) x)::int
         as unbalanced_transfers,
       (select coalesce(sum(amount_cents), 0) from ledger_entries)::text as ledger_sum_cents,
       (select count(*) from (select order_id from ledger_transfers where kind = 'deposit'
                               group by order_id having count(*) > 1) x)::int as double_deposits,
       (select count(*) from (select order_id from ledger_transfers where kind in ('release', 'refund')
                               group by order_id having count(*) > 1) x)::int as double_payouts,
       (select count(*) from ledger_transfers t where t.kind in ('release', 'refund') and not exists
          (select 1 from ledger_transfers d where d.order_id = t.order_id and d.kind = 'deposit'))::int
         as payouts_without_deposit,
       (select count(*) from orders p where p.payment_status = 'confirmed' and not exists
          (select 1 from ledger_transfers d where d.order_id = p.id and d.kind = 'deposit'))::int
         as confirmed_without_deposit,
       (select count(*) from orders p
          cross join lateral (select coalesce(sum(e.amount_cents), 0) as held from ledger_transfers t
                                join ledger_entries e on e.transfer_id = t.id
                               where t.order_id = p.id and e.account like 'escrow:%') h
         where h.held < 0 or h.held > p.amount_cents or (p.status <> 'active' and h.held <> 0))::int
         as escrow_out_of_range,
       (select count(*) from operations o where o.status in ('cancelled', 'expired') and
          (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account = 'escrow:' || o.id) <> 0)::int
         as ended_operations_holding_escrow`,
  );
  const [ended] = await db.query(
    `select
       (select count(*) from (select entity_id from audit_log
                               where action in ('order.expired', 'order.cancelled')
                               group by entity_id having count(*) > 1) x)::int as ended_twice_in_audit,
       (select count(*) from (select data->>'orderId' from notifications
                               where type in ('order.expired', 'order.cancelled')
                               group by 1 having count(*) > 1) x)::int as ended_twice_in_notifications,
       (select count(*) from orders p
         where p.ended_reason in ('hold_expired', 'cancelled_by_buyer')
           and (select count(*) from audit_log a where a.entity_id = p.id::text
                 and a.action in ('order.expired', 'order.cancelled')) <> 1)::int as ended_without_one_audit,
       (select count(*) from orders
         where id = any($1::uuid[]) and status = 'active' and payment_status in ('pending', 'rejected'))::int
         as due_but_still_live,
       (select count(*) from orders where id = any($2::uuid[]))::int as created_and_stored`,
    [backdated, created],
  );
  const counts = {
    allocated_mismatch: tons.filter((row) => row.allocated_tons !== row.live + row.invited).length,
    oversold_operations: tons.filter((row) => row.live + row.invited > row.total_tons).length,
    status_disagrees_with_fill: tons.filter(
      (row) =>
        ['active', 'allocated', 'funded'].includes(row.status) &&
        (row.status !== 'active') !== (row.allocated_tons === row.total_tons),
    ).length,
    ...ledger,
    ledger_sum_cents: Number(ledger.ledger_sum_cents),
    ...ended,
    created_but_missing: created.length - ended.created_and_stored,
  };
  delete counts.created_and_stored;
  return counts;
}

async function main() {
  ensureBuild(root);
  const startedAt = new Date();
  const scriptStarted = performance.now();
  const random = createRandom(SEED);
  const secret = randomBytes(32).toString('hex');
  const scratch = await createScratchDatabase(process.env.DATABASE_URL);
  const logPath = join(tmpdir(), `tradeops-soak-${process.pid}.log`);
  const env = productionServerEnv({ port: PORT, secret, ...scratch.serverEnv, LOG_LEVEL: 'warn', JOBS: 'on' });
  const server = startServer(root, env, logPath);
  const db = await scratch.open({ connections: 4 });
  let jobs = null;
  const tally = new AnswerTally();
  const ops = {};
  const countOp = (kind) => (ops[kind] = (ops[kind] ?? 0) + 1);
  const violations = [];
  const violate = (message) => violations.push(message);
  const expiry = {
    due: 0,
    expired_by_sweep: 0,
    cancelled_by_buyer_first: 0,
    ended_with_operation_first: 0,
    gone_before_due: 0,
    sweep_jobs: 0,
  };
  const payouts = {
    confirm_races: 0,
    deposits: 0,
    operation_end_races: 0,
    ended_by_admin_cancel: 0,
    ended_by_deadline_job: 0,
  };
  const batches = [];
  try {
    await waitFor(`${ORIGIN}/api/health`);
    const buyers = (await createBuyers(db, { count: 200, secret })).map((buyer, index) => ({
      ...buyer,
      index,
      /** order id → { operationId, volume, key, stage: live | backdated | paid | ended } */
      orders: new Map(),
    }));
    const admin = await createAdminSession(db, { secret });
    const pool = [];
    for (const [i, totalTons] of OPERATION_TONS.entries()) {
      const [id] = await createOperations(db, { count: 1, totalTons, prefix: `Soak ${i}` });
      pool.push({ id, totalTons });
    }
    const everyOperation = pool.map((operation) => operation.id);
    jobs = await openJobQueue(scratch.serverEnv.DATABASE_URL);
    const created = [];

    // Warm-up, ramped (20 buyers at a time): the first batch meets a warm process and a full pool.
    for (let i = 0; i < buyers.length; i += 20)
      await Promise.all(
        buyers.slice(i, i + 20).map(async (buyer) =>
          tally.add(
            'warm_up',
            await api('GET', `/api/operations/${pool[buyer.index % pool.length].id}/order-form`, {
              cookie: buyer.cookie,
            }),
          ),
        ),
      );
    const soakStarted = performance.now();
    const loadAtStart = loadavg().map((n) => Number(n.toFixed(2)));

    const ownOrders = (buyer, stages) => [...buyer.orders].filter(([, order]) => stages.includes(order.stage));

    async function placeOrder(buyer) {
      const r = random.next();
      const replayable = ownOrders(buyer, ['live', 'backdated', 'paid', 'ended']);
      if (r < 0.05 && replayable.length > 0) {
        const [id, order] = random.pick(replayable);
        countOp('order_replay');
        const result = await api('POST', `/api/operations/${order.operationId}/orders`, {
          cookie: buyer.cookie,
          json: {
            volume: order.volume,
            paymentMethod: order.paymentMethod,
            idempotencyKey: order.key,
            termsVersion: TERMS_VERSION,
          },
        });
        const failed = tally.add('order_replay', result);
        if (!failed && (result.status !== 200 || result.body?.order?.id !== id))
          violate(`replayed key answered ${result.status} ${result.code ?? result.body?.order?.id}, not 200 ${id}`);
        return;
      }
      const operation = random.pick(pool);
      if (r < 0.08) {
        countOp('order_off_step');
        const result = await api('POST', `/api/operations/${operation.id}/orders`, {
          cookie: buyer.cookie,
          json: {
            volume: random.pick([3, 7, 12, 0]),
            paymentMethod: 'wire',
            idempotencyKey: randomUUID(),
            termsVersion: TERMS_VERSION,
          },
        });
        if (!tally.add('order_off_step', result) && result.status < 300)
          violate(`an order off the lot step got ${result.status}`);
        return;
      }
      countOp('order');
      const volume = random.pick(VOLUMES);
      const paymentMethod = random.next() < 0.8 ? 'wire' : 'cash';
      const key = randomUUID();
      const result = await api('POST', `/api/operations/${operation.id}/orders`, {
        cookie: buyer.cookie,
        json: { volume, paymentMethod, idempotencyKey: key, termsVersion: TERMS_VERSION },
      });
      if (tally.add('order', result)) return;
      if (result.status === 201) {
        const id = result.body.order.id;
        buyer.orders.set(id, { operationId: operation.id, volume, paymentMethod, key, stage: 'live' });
        created.push(id);
      } else if (result.status < 300) violate(`a fresh idempotency key answered ${result.status}`);
    }

    async function cancelOrder(buyer) {
      // Now and then a paid order (must be refused: its money is in escrow).
      const paid = ownOrders(buyer, ['paid']);
      if (paid.length > 0 && random.next() < 0.1) {
        const [id] = random.pick(paid);
        countOp('cancel_paid');
        const result = await api('POST', `/api/orders/${id}/cancel`, { cookie: buyer.cookie });
        if (!tally.add('cancel_paid', result) && result.status < 300) violate(`a paid order ${id} was cancelled`);
        return;
      }
      // Live orders, and now and then one already due to expire (a race with the sweep).
      const candidates = ownOrders(buyer, random.next() < 0.3 ? ['backdated', 'live'] : ['live']);
      if (candidates.length > 0) {
        const [id, order] = random.pick(candidates);
        countOp('cancel_own');
        const result = await api('POST', `/api/orders/${id}/cancel`, { cookie: buyer.cookie });
        if (!tally.add('cancel_own', result)) order.stage = 'ended';
        return;
      }
      const others = buyers.filter((other) => other !== buyer && other.orders.size > 0);
      if (others.length === 0) return placeOrder(buyer);
      const [foreignId] = random.pick([...random.pick(others).orders]);
      countOp('cancel_foreign');
      const result = await api('POST', `/api/orders/${foreignId}/cancel`, { cookie: buyer.cookie });
      if (!tally.add('cancel_foreign', result) && result.status !== 404)
        violate(`cancelling another buyer's order answered ${result.status} ${result.code ?? ''}`);
    }

    async function expireOrder(buyer, batch) {
      const candidates = ownOrders(buyer, ['live']);
      if (candidates.length === 0) return placeOrder(buyer);
      const [id, order] = random.pick(candidates);
      countOp('expire');
      // Its hold ends now: the next sweep must end it, once (unless it is cancelled or paid first).
      const rows = await db.query(
        `update orders set expires_at = now() - interval '1 second'
          where id = $1 and status = 'active' and payment_status = 'pending' returning id`,
        [id],
      );
      if (rows.length === 1) {
        order.stage = 'backdated';
        batch.backdated.push(id);
        batch.backdatedOrders.push(order);
        expiry.due += 1;
      } else {
        order.stage = 'ended';
        expiry.gone_before_due += 1;
      }
    }

    async function payOrder(buyer) {
      const candidates = ownOrders(buyer, ['live']);
      if (candidates.length === 0) return placeOrder(buyer);
      const [id, order] = random.pick(candidates);
      countOp('payment');
      const proof = await api('POST', `/api/orders/${id}/proof`, {
        cookie: buyer.cookie,
        file: PROOF_PDF,
      });
      if (tally.add('proof', proof)) return;
      if (proof.status !== 200) {
        order.stage = 'ended';
        return;
      }
      order.stage = 'paid';
      // The same confirmation three times at once (a double click, a retry): one deposit at most.
      const confirms = await Promise.all(
        [0, 1, 2].map(() =>
          api('POST', `/api/admin/payments/${id}/confirm`, {
            cookie: admin.cookie,
            // The proof just uploaded is the order's first (the soak never rejects a proof).
            json: { proofRevision: 1 },
          }),
        ),
      );
      for (const result of confirms) tally.add('confirm', result);
      // The admin is signed in with every right: a refused door means the soak tested nothing.
      for (const result of confirms)
        if (result.status === 401 || result.status === 403)
          violate(`payment ${id}: the admin's confirmation was refused (${result.status} ${result.code})`);
      const confirmed = confirms.filter((result) => result.status === 200).length;
      payouts.confirm_races += 1;
      payouts.deposits += confirmed;
      if (confirmed > 1) violate(`payment ${id} confirmed ${confirmed} times`);
    }

    /**
     * Two ways an operation ends with refunds, racing: its deadline passes (the server's deadline job
     * is queued; a worker takes it within its 2 s poll) while an admin cancels it three times at once.
     * Exactly one of the four may end it; each deposit is refunded once.
     */
    async function endOperationRace(batch) {
      await new Promise((resolve) => setTimeout(resolve, random.int(1_500)));
      // The open operation holding the most escrow, so its end has deposits to refund.
      const [target] = await db.query(
        `select o.id from operations o
          where o.id = any($1::uuid[])
          order by (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account = 'escrow:' || o.id) desc
          limit 1`,
        [pool.map((operation) => operation.id)],
      );
      countOp('operation_end');
      await db.query(`update operations set deadline = now() - interval '1 second' where id = $1`, [target.id]);
      const deadlineJob = await jobs.trigger(OPERATION_DEADLINE_QUEUE);
      const results = await Promise.all(
        [0, 1, 2].map(() =>
          api('POST', `/api/admin/operations/${target.id}/cancel`, {
            cookie: admin.cookie,
            json: { reason: 'Soak: cancelled by an admin' },
          }),
        ),
      );
      for (const result of results) tally.add('operation_cancel', result);
      for (const result of results)
        if (result.status === 401 || result.status === 403)
          violate(`operation ${target.id}: the admin's cancel was refused (${result.status} ${result.code})`);
      const job = await jobs.waitForJob(OPERATION_DEADLINE_QUEUE, deadlineJob);
      if (job.state !== 'completed') violate(`deadline job ${deadlineJob} ended ${job.state}`);
      const [{ status }] = await db.query(`select status from operations where id = $1`, [target.id]);
      const cancelled = results.filter((result) => result.status === 200).length;
      const expired = status === 'expired' ? 1 : 0;
      payouts.operation_end_races += 1;
      payouts.ended_by_admin_cancel += cancelled;
      payouts.ended_by_deadline_job += expired;
      if (cancelled + expired !== 1)
        violate(`operation ${target.id}: ended ${cancelled} time(s) by a cancel and ${expired} by the deadline job`);
      batch.endedOperations.push(target.id);
    }

    /** Pages a buyer reads: each answer must be a 2xx (or the operation room's 403 when the buyer has no order there). */
    async function readPages(buyer) {
      countOp('read');
      const operationId = random.pick(pool).id;
      const term = `soak${random.int(1_000_000)}`;
      tally.add('read_search', await api('GET', `/api/operations/catalogue?q=${term}`, { cookie: buyer.cookie }));
      tally.add('read_detail', await api('GET', `/api/operations/${operationId}`, { cookie: buyer.cookie }));
      tally.add('read_notifications', await api('GET', '/api/notifications', { cookie: buyer.cookie }));
      tally.add(
        'read_operation_room',
        await api('GET', `/api/operations/${operationId}/room`, { cookie: buyer.cookie }),
      );
    }

    const runners = {
      order: placeOrder,
      cancel: cancelOrder,
      expire: expireOrder,
      payment: payOrder,
      read: readPages,
    };

    /**
     * A batch's expiries: its two sweeps (one queued at its start, one at its end) run while the next
     * batch loads; then nothing the batch made due may still be live, and each due order ended once.
     */
    async function settleExpiries(batch) {
      for (const id of batch.sweeps) {
        const job = await jobs.waitForJob(ORDER_SWEEP_QUEUE, id);
        expiry.sweep_jobs += 1;
        if (job.state !== 'completed') violate(`sweep job ${id} ended ${job.state}: ${job.output?.message ?? ''}`);
      }
      const [outcome] = await db.query(
        `select count(*) filter (where status = 'expired')::int as expired,
                count(*) filter (where status = 'cancelled' and ended_reason = 'cancelled_by_buyer')::int as cancelled
           from orders where id = any($1::uuid[])`,
        [batch.backdated],
      );
      expiry.expired_by_sweep += outcome.expired;
      expiry.cancelled_by_buyer_first += outcome.cancelled;
      expiry.ended_with_operation_first += batch.backdated.length - outcome.expired - outcome.cancelled;
      for (const order of batch.backdatedOrders) if (order.stage === 'backdated') order.stage = 'ended';
      return outcome;
    }

    async function check(label, settledBatch) {
      const counts = await checkInvariants(db, {
        operationIds: everyOperation,
        backdated: settledBatch?.backdated ?? [],
        created,
      });
      const broken = Object.entries(counts).filter(([, value]) => value !== 0);
      for (const [name, value] of broken) violate(`${label}: ${name} = ${value}`);
      return broken.length;
    }

    let previous = null;
    for (let b = 0; b < BATCHES; b += 1) {
      const started = performance.now();
      const failuresBefore = tally.failures;
      const violationsBefore = violations.length;
      const batch = { backdated: [], backdatedOrders: [], endedOperations: [], sweeps: [] };
      const withAdmin = b % 2 === 1;
      const queues = buyers.map(() => []);
      for (let i = 0; i < BATCH_SIZE - (withAdmin ? 1 : 0); i += 1)
        queues[random.int(buyers.length)].push(drawKind(random));

      batch.sweeps.push(await jobs.trigger(ORDER_SWEEP_QUEUE));
      await Promise.all([
        ...buyers.map(async (buyer, i) => {
          for (const kind of queues[i]) await runners[kind](buyer, batch);
        }),
        ...(withAdmin ? [endOperationRace(batch)] : []),
      ]);
      const loadSeconds = (performance.now() - started) / 1000;
      batch.sweeps.push(await jobs.trigger(ORDER_SWEEP_QUEUE));
      const settled = previous ? await settleExpiries(previous) : null;
      await check(`batch ${b + 1}`, previous);

      // A cancelled operation leaves the pool; a fresh one of the same size takes its place.
      for (const id of batch.endedOperations) {
        const index = pool.findIndex((operation) => operation.id === id);
        const { totalTons } = pool[index];
        const [fresh] = await createOperations(db, { count: 1, totalTons, prefix: `Soak ${b}-${index}` });
        pool[index] = { id: fresh, totalTons };
        everyOperation.push(fresh);
      }
      const row = {
        batch: b + 1,
        operations: queues.reduce((sum, queue) => sum + queue.length, 0) + (withAdmin ? 1 : 0),
        made_due: batch.backdated.length,
        previous_batch_due_expired_by_sweep: settled?.expired ?? null,
        operations_ended: batch.endedOperations.length,
        failures: tally.failures - failuresBefore,
        violations: violations.length - violationsBefore,
        load_seconds: Number(loadSeconds.toFixed(2)),
        seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
        // Bounded caches: the server's resident memory levels off batch after batch instead of climbing.
        rss_mb: residentMb(server.child.pid),
      };
      batches.push(row);
      console.info(
        `batch ${String(row.batch).padStart(2)}/${BATCHES}: ${row.operations} operations ` +
          `(${row.made_due} made due${previous ? `; previous batch's ${previous.backdated.length} due → ${settled.expired} expired by the sweep` : ''}` +
          `${row.operations_ended ? '; 1 operation ended (admin cancels vs deadline job)' : ''}), ` +
          `failures ${row.failures}, invariant violations ${row.violations} (${row.seconds} s, server RSS ${row.rss_mb} MB)`,
      );
      previous = batch;
    }
    // The last batch's sweeps, then the checks once more.
    const violationsBefore = violations.length;
    const settled = await settleExpiries(previous);
    await check('final check', previous);
    console.info(
      `final check: last batch's ${previous.backdated.length} due → ${settled.expired} expired by the sweep, ` +
        `invariant violations ${violations.length - violationsBefore}`,
    );

    const seconds = (performance.now() - soakStarted) / 1000;
    // The soak's own operations (the demo seed has deposits of its own): every confirmation answered
    // 200 is one deposit in the ledger, and there is no other.
    const [ledger] = await db.query(
      `select count(*) filter (where kind = 'deposit')::int as deposits,
              count(*) filter (where kind = 'refund')::int as refunds
         from ledger_transfers where operation_id = any($1::uuid[])`,
      [everyOperation],
    );
    Object.assign(payouts, { ledger_deposits: ledger.deposits, ledger_refunds: ledger.refunds });
    if (ledger.deposits !== payouts.deposits)
      violate(`${payouts.deposits} confirmations answered 200, the ledger holds ${ledger.deposits} deposits`);
    const operationsTotal = Object.values(ops).reduce((sum, n) => sum + n, 0);
    const report = {
      started_at: startedAt.toISOString(),
      seed: SEED,
      database: 'postgres',
      buyers: buyers.length,
      operations_open_at_once: pool.length,
      operations_total: operationsTotal,
      operations_by_kind: ops,
      http_requests: tally.requests,
      answers_by_kind: tally.summary(),
      failures: tally.failures,
      expiries: expiry,
      payouts,
      batches_checked: batches.length,
      final_check: true,
      invariant_violations: violations.length,
      violations: violations.slice(0, 50),
      seconds: Number(seconds.toFixed(1)),
      /** With the server's start, migration and seed, and the fixtures. */
      total_seconds: Number(((performance.now() - scriptStarted) / 1000).toFixed(1)),
      load_average: { start: loadAtStart, end: loadavg().map((n) => Number(n.toFixed(2))) },
      operations_per_second: Math.round(operationsTotal / seconds),
      batches,
    };
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    const file = join(root, 'bench/results', `${startedAt.toISOString().replace(/[:.]/g, '-')}-soak.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);

    console.info(
      `\nsoak on PostgreSQL, seed ${SEED}: ${operationsTotal} operations, ${tally.requests} HTTP requests, ` +
        `${report.seconds} s (${report.total_seconds} s with start-up; load average ${loadAtStart[0]} → ` +
        `${report.load_average.end[0]} on ${cpus().length} cores)`,
    );
    console.info('operations by kind:', JSON.stringify(ops));
    printAnswers(report.answers_by_kind);
    console.info('expiries:', JSON.stringify(expiry));
    console.info('payouts:', JSON.stringify(payouts));
    for (const message of violations.slice(0, 20)) console.info(`  violation: ${message}`);
    console.info(
      `${batches.length} batches checked, failures ${tally.failures}, invariant violations ${violations.length} (${file})`,
    );
    process.exitCode = tally.failures === 0 && violations.length === 0 && operationsTotal > 0 ? 0 : 1;
    for (const [kind, row] of Object.entries(tally.kinds))
      for (const [cause, n] of Object.entries(row.failure_causes ?? {}))
        console.info(`  failure: ${kind} ${cause} × ${n}`);
  } finally {
    await jobs?.stop().catch(() => undefined);
    await db.close();
    await server.stop();
    await scratch.drop();
  }
  if (process.exitCode === 1) {
    for (const line of serverErrors(logPath)) console.info(`  server error: ${line}`);
    console.info(`soak: FAILED (server log ${logPath})`);
  } else {
    console.info('soak: every check held');
    rmSync(logPath, { force: true });
  }
}

await main();
