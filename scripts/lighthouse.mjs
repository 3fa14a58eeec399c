#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse 13 (mobile, its default simulated throttling) on the production
// build served by the production server over a fresh PGlite folder with the demo data: first a plain
// static HTML page served by that same server in the same run (the reference: what this machine and
// this server give a page with no JavaScript), then the home page, the catalogue, an operation detail
// as the signed-in demo buyer (session cookie passed through `extraHeaders`) and a blog article.
// Prints performance, accessibility, best practices, SEO and CLS per page, writes
// bench/results/lighthouse-<timestamp>.json, and exits 1 when a page misses a target (issue 17).
//   CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_PORT (default 3144)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild, productionServerEnv, startServer, waitFor } from '../bench/lib/server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3144);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100, cls: 0.01 };

/** The reference page, written into the build for the run (and removed after): no script, one image-free article. */
const REFERENCE_FILE = 'lighthouse-reference.html';
const REFERENCE_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Referencia · TradeOps</title>
    <meta name="description" content="Una página HTML estática servida por el mismo servidor: la referencia de Lighthouse." />
    <style>
      body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 40rem; padding: 1.5rem; color: #0f172a; line-height: 1.6; }
      a { color: #0f5c53; }
    </style>
  </head>
  <body>
    <main>
      <h1>Operaciones de comercio agrupadas</h1>
      <p>Importadores y exportadores reúnen su volumen en una operación, pagan a una cuenta escrow y siguen el envío hasta la liquidación.</p>
      <p>Esta página no carga JavaScript: es la referencia con la que se comparan las páginas de la aplicación en la misma corrida.</p>
      <p><a href="/">Ir al inicio</a></p>
    </main>
  </body>
</html>
`;

async function signIn(email, password) {
  const response = await fetch(`${ORIGIN}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function main() {
  ensureBuild(root);
  const referencePath = join(root, 'apps/web/dist', REFERENCE_FILE);
  writeFileSync(referencePath, REFERENCE_HTML);
  const dataDir = mkdtempSync(join(tmpdir(), 'tradeops-lighthouse-'));
  const server = startServer(
    root,
    productionServerEnv({
      port: PORT,
      secret: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    }),
    join(dataDir, 'server.log'),
  );
  let chrome = null;
  const rows = [];
  try {
    await waitFor(`${ORIGIN}/api/health`);
    const cookie = await signIn('comprador@tradeops.demo', 'TradeOps-Demo-2025');
    const featured = await (await fetch(`${ORIGIN}/api/operations/featured`)).json();
    const [article] = (await (await fetch(`${ORIGIN}/api/blog`)).json()).data;
    const pages = [
      { name: 'reference (static HTML)', url: `${ORIGIN}/${REFERENCE_FILE}`, isReference: true },
      { name: 'home', url: `${ORIGIN}/` },
      { name: 'catalogue', url: `${ORIGIN}/operations` },
      { name: 'operation detail (buyer)', url: `${ORIGIN}/operation/${featured.id}`, headers: { Cookie: cookie } },
      { name: 'blog article', url: `${ORIGIN}/blog/${article.slug}` },
    ];
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    // LIGHTHOUSE_PAGES=detail (a comma-separated list of name prefixes) runs only those pages.
    const only = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
    for (const page of pages.filter((p) => only.length === 0 || only.some((name) => p.name.startsWith(name)))) {
      const load = loadavg()[0].toFixed(2);
      const audit = () =>
        lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          extraHeaders: page.headers,
        });
      let result = await audit();
      // A run Lighthouse could not finish (its trace lost the navigation: NO_NAVSTART, now and then on
      // this machine) says why and is run once more; a second failure is reported as it is (score 0).
      if (result.lhr.runtimeError) {
        console.warn(
          `${page.name}: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message} (running it again)`,
        );
        result = await audit();
        if (result.lhr.runtimeError) console.warn(`${page.name}: ${result.lhr.runtimeError.code} again`);
      }
      const { categories, audits } = result.lhr;
      for (const warning of result.lhr.runWarnings ?? []) console.warn(`${page.name}: ${warning}`);
      // LIGHTHOUSE_DETAILS=1: where the main thread went (what the blocking time is made of), per script.
      if (process.env.LIGHTHOUSE_DETAILS) {
        const scripts = (audits['bootup-time']?.details?.items ?? []).slice(0, 8);
        for (const item of scripts) {
          console.info(
            `    ${page.name}: ${String(item.url).replace(ORIGIN, '')} total ${Math.round(item.total)} ms, script ${Math.round(item.scripting)} ms, parse ${Math.round(item.scriptParseCompile)} ms`,
          );
        }
        for (const task of (audits['long-tasks']?.details?.items ?? []).slice(0, 8)) {
          console.info(
            `    ${page.name}: long task ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms (${String(task.url).replace(ORIGIN, '')})`,
          );
        }
      }
      const failing = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
        .filter((audit) => audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'notApplicable')
        .map((audit) => `${audit.id} (${audit.score})`);
      rows.push({
        page: page.name,
        url: page.url.replace(ORIGIN, ''),
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        'best-practices': Math.round(categories['best-practices'].score * 100),
        seo: Math.round(categories.seo.score * 100),
        is_reference: page.isReference === true,
        cls: Math.round(audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
        lcp_ms: Math.round(audits['largest-contentful-paint'].numericValue),
        tbt_ms: Math.round(audits['total-blocking-time'].numericValue),
        load_1m: load,
        below_1: failing,
        // What moved, when something did: the element and its share of the CLS.
        layout_shifts: (audits['layout-shifts']?.details?.items ?? []).map((item) => ({
          element: item.node?.selector ?? item.node?.snippet ?? null,
          score: Math.round((item.score ?? 0) * 1000) / 1000,
        })),
      });
    }
  } finally {
    if (chrome) await chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(referencePath, { force: true });
  }

  console.info('page                       perf  a11y  best-pr  seo  CLS    LCP ms  TBT ms  load');
  let isMet = true;
  for (const row of rows) {
    console.info(
      `${row.page.padEnd(26)} ${String(row.performance).padStart(4)}  ${String(row.accessibility).padStart(4)}  ${String(
        row['best-practices'],
      ).padStart(
        7,
      )}  ${String(row.seo).padStart(3)}  ${row.cls.toFixed(3)}  ${String(row.lcp_ms).padStart(6)}  ${String(row.tbt_ms).padStart(6)}  ${row.load_1m}`,
    );
    if (row.below_1.length > 0) console.info(`    audits below 1: ${row.below_1.join(', ')}`);
    for (const shift of row.layout_shifts) console.info(`    layout shift ${shift.score}: ${shift.element}`);
    // The reference is what the others are measured beside, not a page held to the targets.
    if (row.is_reference) continue;
    const misses = [
      row.performance < TARGETS.performance && `performance ${row.performance} < ${TARGETS.performance}`,
      row.accessibility < TARGETS.accessibility && `accessibility ${row.accessibility} < ${TARGETS.accessibility}`,
      row['best-practices'] < TARGETS['best-practices'] &&
        `best practices ${row['best-practices']} < ${TARGETS['best-practices']}`,
      row.seo < TARGETS.seo && `SEO ${row.seo} < ${TARGETS.seo}`,
      row.cls > TARGETS.cls && `CLS ${row.cls} > ${TARGETS.cls}`,
    ].filter(Boolean);
    if (misses.length > 0) {
      isMet = false;
      console.info(`    target missed: ${misses.join('; ')}`);
    }
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, 'bench/results', `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ targets: TARGETS, pages: rows }, null, 2)}\n`);
  console.info(`\n${isMet ? 'Every target met' : 'Some targets missed'}; written ${file}`);
  process.exitCode = isMet ? 0 : 1;
}

await main();
