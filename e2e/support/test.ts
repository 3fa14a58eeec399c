import { createHash } from 'node:crypto';
import { type BrowserContext, test as base, expect } from '@playwright/test';

// Every spec imports Playwright from here: the same API, with the checks below on every test.
export * from '@playwright/test';

/** A private address (10.x.y.z) drawn from a test's identity: stable across its requests, apart from other tests'. */
function clientAddressOf(identity: string): string {
  const digest = createHash('sha256').update(identity).digest();
  return `10.${digest[0]}.${digest[1]}.${(digest[2]! % 254) + 1}`;
}

/** What apps/web/src/lib/hydration-errors.ts logs when React redraws a server page it could not take over. */
const HYDRATION_ERROR_MARK = '[hydration]';

/**
 * Fails any test whose pages logged a hydration error: the browser's first render differed from
 * the page the server sent (a hydration mismatch), which React repairs by drawing the page again,
 * the cost the server rendering is there to avoid. Watches the test's own context and every
 * context the test opens itself (a second user, a phone).
 */
export const test = base.extend<{ failOnHydrationErrors: void }>({
  /**
   * Each test is a client of its own address (the e2e server believes one proxy hop, serve.mjs): the
   * per-address limits (20 sign-ups an hour, live streams) count one test's requests, not the whole
   * suite's, as they would count one person's in production.
   */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({
      'X-Forwarded-For': clientAddressOf(`${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`),
    });
  },
  failOnHydrationErrors: [
    async ({ context, browser }, use) => {
      const errors: string[] = [];
      const watch = (watched: BrowserContext) => {
        watched.on('console', (message) => {
          if (message.type() === 'error' && message.text().includes(HYDRATION_ERROR_MARK)) {
            // The page's address first: the script's alone does not say which page failed.
            errors.push(`${message.page()?.url() ?? 'a page'} (${message.location().url}): ${message.text()}`);
          }
        });
      };
      watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const created = await newContext(options);
        watch(created);
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(errors, 'the server’s page was taken over without a hydration error').toEqual([]);
    },
    { auto: true },
  ],
});
