import { type APIRequestContext, expect, test } from '../support/test';
import { LANGUAGE_COOKIE } from '@tradeops/shared';

/**
 * Issue 23, item 7: a visitor who chose English saw Spanish first on a deal page whose address has no
 * `?lang=en` (the server rendered Spanish, the browser then switched). The choice is a cookie the
 * server renders in: the address's `?lang` wins over it, and it over the default.
 */
/** The featured deal (the public API answers it anonymously): its id and English title. */
async function featuredDeal(request: APIRequestContext) {
  const response = await request.get('/api/operations/featured', { headers: { 'x-lang': 'en' } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: string; title: string };
}

test('English, chosen once, is the language of the next deal page’s first HTML and its tab title', async ({ page }) => {
  const { id, title } = await featuredDeal(page.request);
  await page.goto('/about');
  await page.getByRole('group', { name: 'Cambiar idioma' }).getByRole('button', { name: 'EN' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === LANGUAGE_COOKIE)?.value)
    .toBe('en');
  const cookie = (await page.context().cookies()).find((c) => c.name === LANGUAGE_COOKIE)!;
  expect(cookie.sameSite).toBe('Lax');
  expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 60 * 60 * 1000);

  // The first HTML, before any script: English, titled in English, never kept by a shared cache.
  const response = await page.request.get(`/operation/${id}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<html lang="en"');
  expect(html).toContain(`<title>${title}`);
  // The page's text without React's markers between adjacent text nodes (`<!-- -->`).
  const text = html.replace(/<!--[\s\S]*?-->/g, '');
  expect(text).toMatch(/\d+ t available of \d+ t/);
  expect(text).not.toContain('disponibles de');
  expect(response.headers()['vary']).toContain('Cookie');
  expect(response.headers()['cache-control']).toBe('private, no-cache');

  // In the browser: the page opens in English and stays so (hydrated, not redrawn in another language).
  await page.goto(`/operation/${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(new RegExp(`^${title}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // The address still wins over the cookie.
  const spanish = await (await page.request.get(`/operation/${id}?lang=es`)).text();
  expect(spanish).toContain('<html lang="es"');
});

test('an address naming a language saves it for the pages that follow', async ({ page }) => {
  await page.goto('/contact?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === LANGUAGE_COOKIE)?.value)
    .toBe('en');
  const html = await (await page.request.get('/operations')).text();
  expect(html).toContain('<html lang="en"');
  expect(html).toContain('Operations catalogue');
});

test('without a saved choice the pages stay Spanish and may be shared by caches', async ({ request }) => {
  const response = await request.get('/operations');
  expect(await response.text()).toContain('<html lang="es"');
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(response.headers()['vary']).toContain('Cookie');
});
