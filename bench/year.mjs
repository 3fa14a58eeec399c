// `npm run bench -- --year`: the pages of issue 25 timed on a year of data beside the same pages on the
// demo data, in one run (bench/README.md, "A year of data").
//
//   npm run bench -- --year                          # the full year (PostgreSQL at DATABASE_URL or 127.0.0.1:5432)
//   npm run bench -- --year --check --scale 0.01 --timings-advisory   # the short form CI runs (timings printed, not judged)
import autocannon from 'autocannon';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createScratchDatabase } from './lib/database.mjs';
import { createAdminSession, signedSessionCookie } from './lib/fixtures.mjs';
import { ensureBuild, productionServerEnv, startServer, waitFor } from './lib/server.mjs';
import { REBUILD_MAINTAINED, YEAR_COUNTS, YEAR_INVARIANTS, yearStatements, yearVolumes } from './lib/year-data.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** --check: an endpoint on the year's data fails above this p50, or above this many times its demo p50. */
const MAX_P50_MS = 100;
const MAX_RATIO = 3;
/** Below this a demo p50 is noise: the ratio is taken against it instead. */
const RATIO_FLOOR_MS = 5;
/** Fewer answers than this in the timed run: timed again over this many requests. */
const MIN_REQUESTS = 20;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function sessionFor(db, email, secret) {
  const [row] = await db.query(`select id from "user" where email = $1`, [email]);
  if (!row) throw new Error(`${email} is missing: the database was not seeded`);
  const token = randomBytes(24).toString('hex');
  await db.query(`insert into session (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`, [
    randomUUID(),
    token,
    row.id,
  ]);
  return { id: row.id, cookie: signedSessionCookie(token, secret) };
}

/** Who asks and for what, on one database: the demo buyer's busiest operation room and one of its orders. */
async function prepareActors(db, secret) {
  const admin = await createAdminSession(db, { secret });
  const seller = await sessionFor(db, 'vendedor@tradeops.demo', secret);
  const buyer = await sessionFor(db, 'comprador@tradeops.demo', secret);
  const [room] = await db.query(
    `select p.operation_id as id from orders p
     where p.user_id = $1
     order by (select count(*) from orders q where q.operation_id = p.operation_id) desc limit 1`,
    [buyer.id],
  );
  const [order] = await db.query(
    `select p.id from orders p
     where p.user_id = $1 and exists (select 1 from ledger_transfers t where t.order_id = p.id)
     order by p.created_at desc limit 1`,
    [buyer.id],
  );
  const [anyOrder] = await db.query(`select id from orders where user_id = $1 limit 1`, [buyer.id]);
  const [{ public_deals: publicDeals }] = await db.query(
    `select count(*)::int as public_deals from operations
     where review_status = 'approved' and status not in ('rejected', 'expired', 'cancelled')`,
  );
  return { admin, seller, buyer, operationRoomId: room?.id, orderId: (order ?? anyOrder)?.id, publicDeals };
}

const SEARCH_WORDS = ['lech', 'cacao', 'coffee', 'trigo', 'soy', 'azúc', 'beef', 'manz', 'lote 1', 'lot 2', 'verde'];

/** The endpoints of issue 25's table, as requests for autocannon. */
function endpoints(actors) {
  const as = (who) => ({ cookie: actors[who].cookie });
  return [
    { name: 'admin dashboard', path: '/api/admin/dashboard', headers: as('admin') },
    { name: 'sitemap.xml (gzip accepted)', path: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } },
    { name: 'seller dashboard', path: '/api/seller/dashboard', headers: as('seller') },
    { name: 'offers/mine', path: '/api/offers/mine', headers: as('seller') },
    { name: 'admin payments queue', path: '/api/admin/payments', headers: as('admin') },
    { name: 'buyer dashboard', path: '/api/buyer/dashboard', headers: as('buyer') },
    { name: 'operation room', path: `/api/operations/${actors.operationRoomId}/room`, headers: as('buyer') },
    { name: 'buyer statement (JSON)', path: `/api/orders/${actors.orderId}/statement`, headers: as('buyer') },
    {
      name: 'buyer statement (PDF)',
      path: `/api/orders/${actors.orderId}/statement.pdf`,
      headers: as('buyer'),
    },
    { name: 'admin KYC queue', path: '/api/admin/kyc/users', headers: as('admin') },
    { name: 'admin operations list', path: '/api/admin/operations', headers: as('admin') },
    {
      name: 'search missing the read cache',
      // A fresh query string each time: never an answer the read cache kept.
      path: () =>
        `/api/operations?status=all&q=${encodeURIComponent(SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)])}&limit=${1 + Math.floor(Math.random() * 100)}`,
      headers: {},
    },
  ];
}

async function time(origin, endpoint, { duration, warmup, connections }) {
  const request = {
    method: 'GET',
    setupRequest: (req) => ({
      ...req,
      path: typeof endpoint.path === 'function' ? endpoint.path() : endpoint.path,
      headers: endpoint.headers,
    }),
  };
  const run = (limits) => autocannon({ url: origin, connections, timeout: 30, requests: [request], ...limits });
  if (warmup > 0) await run({ duration: warmup });
  // --duration 0 (CI's short form): a fixed number of requests only, enough for the statuses and a p50.
  let result = await run(duration > 0 ? { duration } : { amount: MIN_REQUESTS });
  // An endpoint slower than the run answers few requests or none in it (the ones still in flight
  // are not counted): then it is timed over a fixed number of requests instead.
  if (result.requests.total < MIN_REQUESTS) result = await run({ amount: MIN_REQUESTS });
  const statuses = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count;
  const failures =
    result.errors +
    result.timeouts +
    Object.entries(statuses)
      .filter(([code]) => Number(code) >= 400)
      .reduce((sum, [, count]) => sum + count, 0);
  return { rps: result.requests.average, p50_ms: result.latency.p50, p99_ms: result.latency.p99, statuses, failures };
}

function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Math.round(Number(line.split(/\s+/)[1]) / 1024);
  } catch {
    return null;
  }
}

/** Counts the URLs of the sitemap (the index and every file it names), gzipped or not. */
async function sitemapUrls(origin) {
  const read = async (url) => {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const bytes = Buffer.from(await response.arrayBuffer());
    // fetch already decodes Content-Encoding; a .xml.gz file is gzip itself.
    return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  };
  const root = await read(`${origin}/sitemap.xml`);
  const files = root.includes('<sitemapindex')
    ? [...root.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    : null;
  const bodies = files
    ? await Promise.all(files.map((file) => read(file.replace(/^https?:\/\/[^/]+/, origin))))
    : [root];
  const deals = new Set();
  let urls = 0;
  for (const body of bodies) {
    urls += (body.match(/<url>/g) ?? []).length;
    for (const match of body.matchAll(/<loc>[^<]*\/operation\/([0-9a-f-]{36})<\/loc>/g)) deals.add(match[1]);
  }
  return { files: files?.length ?? 1, urls, deals: deals.size };
}

function printTable(rows) {
  const header = ['endpoint', 'demo p50', 'demo p99', 'year p50', 'year p99', '× demo', 'failures', 'verdict'];
  const lines = rows.map((row) => [
    row.name,
    String(row.demo.p50_ms),
    String(row.demo.p99_ms),
    String(row.year.p50_ms),
    String(row.year.p99_ms),
    row.ratio.toFixed(1),
    String(row.demo.failures + row.year.failures),
    row.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.info(fmt(header));
  for (const line of lines) console.info(fmt(line));
}

export async function runYear(root, args) {
  const scale = Number(args.scale ?? '1');
  const duration = Number(args.duration ?? '3');
  const warmup = Number(args.warmup ?? '1');
  const connections = Number(args.connections ?? '10');
  const port = Number(args.port ?? '3151');
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  ensureBuild(root);
  const startedAt = new Date();
  const runStarted = performance.now();
  const secret = randomBytes(32).toString('hex');
  const demo = await createScratchDatabase(databaseUrl);
  const year = await createScratchDatabase(databaseUrl);
  const logPath = join(tmpdir(), `tradeops-bench-year-${process.pid}.log`);
  const volumes = yearVolumes(scale);
  console.info(
    `TradeOps bench, a year of data (scale ${scale}) on PostgreSQL; ${cpus().length} cores, load ${load()}; server log ${logPath}`,
  );
  const origins = { demo: `http://127.0.0.1:${port}`, year: `http://127.0.0.1:${port + 1}` };
  const envs = {
    demo: productionServerEnv({ port, secret, ...demo.serverEnv }),
    year: productionServerEnv({ port: port + 1, secret, ...year.serverEnv }),
  };
  const servers = {};
  let failed = false;
  try {
    // 1. Migrate and seed both through the server itself (at once), then stop them.
    servers.demo = startServer(root, envs.demo, logPath);
    servers.year = startServer(root, envs.year, logPath);
    await Promise.all([waitFor(`${origins.demo}/api/health`), waitFor(`${origins.year}/api/health`)]);
    await Promise.all([servers.demo.stop(), servers.year.stop()]);

    // 2. The year, in SQL, then its invariants.
    const db = await year.open();
    const loadStarted = performance.now();
    for (const [label, statement] of [...yearStatements(volumes), ...REBUILD_MAINTAINED]) {
      const started = performance.now();
      await db.query(statement);
      console.info(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const started = performance.now();
    await db.query('vacuum (analyze)');
    console.info(`  vacuum (analyze): ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const [counts] = await db.query(YEAR_COUNTS);
    console.info(`loaded in ${loadSeconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
    const violations = {};
    for (const [label, query, needsTable] of YEAR_INVARIANTS) {
      if (needsTable) {
        const [{ present }] = await db.query(`select to_regclass($1) is not null as present`, [needsTable]);
        if (!present) {
          console.info(`  (not checked: ${label}, no ${needsTable} table)`);
          continue;
        }
      }
      const rows = await db.query(query);
      if (rows.length > 0) violations[label] = rows;
      console.info(`  ${rows.length === 0 ? 'holds' : 'VIOLATED'}: ${label}`);
    }
    if (Object.keys(violations).length > 0) failed = true;
    const actors = { year: await prepareActors(db, secret) };
    await db.close();
    const demoDb = await demo.open();
    actors.demo = await prepareActors(demoDb, secret);
    await demoDb.close();

    // 3. Both servers again; each endpoint on the demo data, then on the year.
    servers.demo = startServer(root, envs.demo, logPath);
    servers.year = startServer(root, envs.year, logPath);
    await Promise.all([waitFor(`${origins.demo}/api/health`), waitFor(`${origins.year}/api/health`)]);
    const rssAtStart = { demo: rssMb(servers.demo.child.pid), year: rssMb(servers.year.child.pid) };
    const sitemap = { demo: await sitemapUrls(origins.demo), year: await sitemapUrls(origins.year) };
    const sitemapComplete = sitemap.year.deals >= actors.year.publicDeals;
    console.info(
      `sitemap: demo ${sitemap.demo.urls} URLs in ${sitemap.demo.files} file(s); year ${sitemap.year.urls} URLs in ${sitemap.year.files} file(s), ${sitemap.year.deals} of ${actors.year.publicDeals} public deals ${sitemapComplete ? '(all)' : '(MISSING some)'}`,
    );
    if (!sitemapComplete) failed = true;
    console.info(`Endpoints (${connections} connections, ${warmup} s warm-up, ${duration} s measured, p50/p99 in ms):`);
    const rows = [];
    const demoEndpoints = endpoints(actors.demo);
    const yearEndpoints = endpoints(actors.year);
    for (let i = 0; i < demoEndpoints.length; i += 1) {
      const name = demoEndpoints[i].name;
      process.stdout.write(`  ${name}: `);
      const loadBefore = load();
      const demoResult = await time(origins.demo, demoEndpoints[i], { duration, warmup, connections });
      const yearResult = await time(origins.year, yearEndpoints[i], { duration, warmup, connections });
      const ratio = yearResult.p50_ms / Math.max(demoResult.p50_ms, RATIO_FLOOR_MS);
      const isMet =
        yearResult.p50_ms <= MAX_P50_MS && ratio <= MAX_RATIO && demoResult.failures + yearResult.failures === 0;
      const row = {
        name,
        demo: demoResult,
        year: yearResult,
        ratio,
        verdict: isMet ? 'met' : 'NOT met',
        load: loadBefore,
      };
      console.info(`demo ${demoResult.p50_ms}/${demoResult.p99_ms}, year ${yearResult.p50_ms}/${yearResult.p99_ms}`);
      rows.push(row);
    }
    const rss = {
      at_start: rssAtStart,
      at_end: { demo: rssMb(servers.demo.child.pid), year: rssMb(servers.year.child.pid) },
    };
    console.info('');
    printTable(rows);
    console.info(
      `\nserver memory (RSS, MB): demo ${rss.at_start.demo} → ${rss.at_end.demo}, year ${rss.at_start.year} → ${rss.at_end.year}; load ${load()}; ${((performance.now() - runStarted) / 1000).toFixed(0)} s in all`,
    );
    console.info(
      `targets: year p50 ≤ ${MAX_P50_MS} ms and ≤ ${MAX_RATIO}× demo p50 (demo below ${RATIO_FLOOR_MS} ms counts as ${RATIO_FLOOR_MS}), 0 failures; every public deal in the sitemap`,
    );
    const report = {
      started_at: startedAt.toISOString(),
      scenario: 'year',
      scale,
      node: process.version,
      cores: cpus().length,
      settings: { duration_s: duration, warmup_s: warmup, connections },
      load_seconds: loadSeconds,
      counts,
      violations,
      sitemap,
      public_deals: actors.year.publicDeals,
      endpoints: rows,
      rss_mb: rss,
    };
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    const file = join(root, 'bench/results', `${startedAt.toISOString().replace(/[:.]/g, '-')}-year.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.info(`Written ${file}`);
    const slow = rows.filter((row) => row.verdict !== 'met');
    if (args.timingsAdvisory) {
      // Timings on a loaded CI machine are reported, not judged; a failed request still fails the run.
      if (rows.some((row) => row.demo.failures + row.year.failures > 0)) failed = true;
      if (slow.length > 0) {
        console.info(
          `timings advisory: ${slow.length} endpoint(s) above the p50 targets (not failing; load ${load()})`,
        );
      }
    } else if (slow.length > 0) failed = true;
    if (args.check) {
      console.info(failed ? '--check: NOT met (above)' : '--check: every target met');
      process.exitCode = failed ? 1 : 0;
    }
  } finally {
    await Promise.all([servers.demo?.stop(), servers.year?.stop()]);
    await demo.drop();
    if (args.keepYear) console.info(`kept the year's database: ${year.serverEnv.DATABASE_URL}`);
    else await year.drop();
  }
}
