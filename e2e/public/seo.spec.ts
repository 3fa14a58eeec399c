import { expect, test } from '../support/test';
import { clickUntilAt } from '../support/navigation';

/** A meta tag's content in HTML as the server sent it (attributes in the order the server writes them). */
function metaContent(html: string, attribute: 'property' | 'name', key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

test.describe('findable and shareable', () => {
  test('a deal link read without JavaScript carries its title and preview image', async ({ request, baseURL }) => {
    const featured = (await (await request.get('/api/operations/featured')).json()) as { id: string; title: string };
    // What a chat app or a crawler does: one plain GET, no script run.
    const response = await request.get(`/operation/${featured.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(metaContent(html, 'property', 'og:title')).toBe('Leche en polvo regular: Uruguay → Venezuela');
    expect(html).toContain('<title>Leche en polvo regular: Uruguay → Venezuela · TradeOps</title>');
    const image = metaContent(html, 'property', 'og:image');
    expect(image).toBe(`${baseURL}/og/operation/${featured.id}.png`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');

    const png = await request.get(image!);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect((await png.body()).length).toBeGreaterThan(10_000);

    const english = await (await request.get(`/operation/${featured.id}?lang=en`)).text();
    expect(metaContent(english, 'property', 'og:title')).toBe('Regular milk powder: Uruguay → Venezuela');
  });

  test('the tab title and description follow each page, in Spanish and in English', async ({ page }) => {
    // Four pages, two of them loaded cold (each a first download of the app on a busy machine).
    test.setTimeout(180_000);
    await page.goto('/about');
    await expect(page).toHaveTitle('Nosotros · TradeOps');
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveAttribute('content', /^Conoce TradeOps/);
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await clickUntilAt(page, nav.getByRole('link', { name: 'Contacto' }), /\/contact$/);
    await expect(page).toHaveTitle('Contacto · TradeOps');
    await expect(description).toHaveAttribute('content', /^Escríbenos/);

    await page.goto('/services?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Services · TradeOps');
    const english = page.getByRole('navigation', { name: 'Main navigation' });
    await clickUntilAt(page, english.getByRole('link', { name: 'About' }), /\/about$/);
    await expect(page).toHaveTitle('About us · TradeOps');
    await expect(description).toHaveAttribute('content', /^Meet TradeOps/);
  });
});
