#!/usr/bin/env node
// `npm test`: every suite (unit, web components, API on a real database, end-to-end
// in Chromium). Options: --suites unit,web,api,e2e  --label <name>  --no-build
// `smoke` instead of `e2e` runs only the main journeys' specs (SMOKE_SPECS): CI runs the
// whole end-to-end suite once, on PostgreSQL, and this smoke on the embedded database.
// DATABASE_URL set → the API and end-to-end suites run against that PostgreSQL.
// Each run writes test-results/summary-<label>.json; the last line is
// `N passed, N failed` for this run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const suites = option('suites', 'unit,web,api,e2e').split(',');
const label = option('label', process.env.DATABASE_URL ? 'postgres' : 'pglite');
const resultsDir = join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
let hasFailure = false;

function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The main journeys on the embedded database, where it differs from PostgreSQL (one process, its own
 * LISTEN/NOTIFY, files beside it): sign-in, KYC review with uploads, an order paid and confirmed,
 * live allocation. The public pages and the offer wizard read and write nothing PGlite-specific:
 * the whole suite covers them on PostgreSQL.
 */
const SMOKE_SPECS = [
  'e2e/auth/login.spec.ts',
  'e2e/kyc/kyc-review.spec.ts',
  'e2e/deals/participate-and-pay.spec.ts',
  'e2e/deals/live-allocation.spec.ts',
];

const vitestProjects = suites.filter((s) => ['unit', 'web', 'api'].includes(s));
if (vitestProjects.length > 0) {
  const output = join(resultsDir, `vitest-${label}.json`);
  rmSync(output, { force: true });
  const status = run('npx', [
    'vitest',
    'run',
    ...vitestProjects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  const report = readJson(output);
  const passed = report?.numPassedTests ?? 0;
  // A crashed runner (no report) counts as one failure, never as a pass.
  const failed = report ? report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0) : 1;
  const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  hasFailure ||= status !== 0;
  lines.push(
    `vitest [${vitestProjects.join(', ')}] (${label}): ${passed} passed, ${failed} failed, ${skipped} skipped`,
  );
}

const e2eSuite = suites.find((s) => s === 'e2e' || s === 'smoke');
if (e2eSuite) {
  // One build serves several runs (CI's PGlite smoke, then the PostgreSQL suite): --no-build reuses it.
  const buildStatus = args.includes('--no-build') ? 0 : run('npm', ['run', 'build']);
  const output = join(resultsDir, `e2e-${label}.json`);
  rmSync(output, { force: true });
  const status =
    buildStatus === 0
      ? run('npx', ['playwright', 'test', ...(e2eSuite === 'smoke' ? SMOKE_SPECS : [])], {
          PLAYWRIGHT_JSON_OUTPUT_NAME: output,
        })
      : buildStatus;
  const stats = readJson(output)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = stats ? stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0) : 1;
  const skipped = stats?.skipped ?? 0;
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  hasFailure ||= status !== 0;
  lines.push(
    `playwright ${e2eSuite} (${label}): ${passed} passed, ${failed} failed, ${skipped} skipped${stats?.flaky ? ` (${stats.flaky} flaky)` : ''}`,
  );
}

writeFileSync(join(resultsDir, `summary-${label}.json`), JSON.stringify(totals));
console.info('\n' + lines.join('\n'));
console.info(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(hasFailure || totals.failed > 0 ? 1 : 0);
