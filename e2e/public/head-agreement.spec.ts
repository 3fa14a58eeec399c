import { MANAGED_HEAD_TAG_SELECTORS } from '@tradeops/shared';
import { type Page, expect, test } from '../support/test';
import { clickUntilAt } from '../support/navigation';

/**
 * One head system (issue 24 item 3): after a client-side navigation the browser's head is the head a
 * fresh server render of the same address has, tag for tag (title, description, robots, canonical,
 * hreflang alternates, Open Graph, Twitter), because both come from the shared `pageHeadTags`.
 */

const MANAGED = ['title', ...MANAGED_HEAD_TAG_SELECTORS].join(',');

/** The head's managed tags of the page on screen, or of an HTML text parsed in the page, in order. */
async function headTags(page: Page, html?: string): Promise<string[]> {
  return page.evaluate(
    ({ selector, source }) => {
      const head = source === undefined ? document.head : new DOMParser().parseFromString(source, 'text/html').head;
      return Array.from(head.querySelectorAll(selector)).map((element) =>
        element.tagName === 'TITLE'
          ? `title: ${element.textContent}`
          : `${element.tagName.toLowerCase()} ${Array.from(element.attributes)
              .map((a) => `${a.name}=${a.value}`)
              .join(' ')}`,
      );
    },
    { selector: MANAGED, source: html },
  );
}

async function expectServerHead(page: Page, path: string): Promise<void> {
  const server = await headTags(page, await (await page.request.get(path)).text());
  expect(server.length).toBeGreaterThan(10);
  await expect.poll(() => headTags(page), { timeout: 20_000 }).toEqual(server);
}

test('a deal page reached by a link has the head a fresh server render of it has', async ({ page }) => {
  test.setTimeout(120_000);
  const featured = (await (await page.request.get('/api/operations/featured')).json()) as { id: string };
  await page.goto('/operations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const deal = page.locator(`main a[href="/operation/${featured.id}"]`).first();
  await clickUntilAt(page, deal, new RegExp(`/operation/${featured.id}$`));
  await expectServerHead(page, `/operation/${featured.id}`);
  await expect(page).toHaveTitle(/Uruguay → Venezuela · TradeOps$/);

  // And back to a page of the shared table: the deal's tags are replaced, not left behind.
  await page.goBack();
  await expect(page).toHaveURL(/\/operations$/);
  await expectServerHead(page, '/operations');
});

test('a blog article reached by a link, in English, has the server’s head', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/blog?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const article = page.locator('main a[href^="/blog/"]').first();
  const href = (await article.getAttribute('href')) ?? '';
  await clickUntilAt(page, article, new RegExp(`${href}$`));
  await expectServerHead(page, `${href}?lang=en`);
});
