import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './e2e/support/chromium-args';

const port = Number(process.env.E2E_PORT ?? 4310);
/**
 * Specs that change money or tonnage (orders, payments, the lifecycle) run in the `deals`
 * project against a second server with its own fresh database, so the figures the public
 * specs assert (19 active operations, the featured deal's 15 t) never move under them.
 * Each deals test publishes the operations it changes: see e2e/support/deals.ts.
 */
const dealsPort = port + 1;

/** End-to-end suite: Debian's Chromium driving the production build on a fresh database. */
export default defineConfig({
  testDir: './e2e',
  // Its own subfolder: Playwright empties outputDir at start, and test-results/ also holds the run summaries.
  outputDir: './test-results/e2e-artifacts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e-last.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-ES',
    // Recording a trace costs every test time (snapshots and a screencast of each action): in CI only
    // the retry of a failed test records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
  // The deals project first: its journeys are the longest tests (a minute and more), and the workers take
  // tests in the order of the projects. Started last, one of them ran alone at the end of the run while
  // the other worker had nothing left; started first, the short desktop and phone tests fill in behind them.
  projects: [
    {
      name: 'deals',
      testMatch: 'deals/**/*.spec.ts',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${dealsPort}` },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grepInvert: /@phone/,
      testIgnore: 'deals/**',
    },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/, testIgnore: 'deals/**' },
  ],
  webServer: [port, dealsPort].map((serverPort) => ({
    command: 'node e2e/support/serve.mjs',
    url: `http://127.0.0.1:${serverPort}/api/health`,
    env: { PORT: String(serverPort) },
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM first, so serve.mjs drops its PostgreSQL database and removes its data folder (Playwright's
    // default SIGKILL left two databases behind every run: 26 on this machine's server after one session).
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
