import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The landing's initial JavaScript (index.html's script and preloads), gzip, in KiB. Measured 149 KiB when set. */
const HOME_INITIAL_JS_BUDGET_KIB = 160;

test('the home route’s initial JavaScript stays within its budget', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
  expect(files.length).toBeGreaterThan(0);
  const dist = join(process.cwd(), 'apps/web/dist');
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
  expect(bytes / 1024).toBeLessThan(HOME_INITIAL_JS_BUDGET_KIB);
});
