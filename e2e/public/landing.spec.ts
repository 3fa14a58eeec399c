import { expect, test } from '../support/test';
import { ZFeaturedOperation } from '@tradeops/shared';

test.describe('landing', () => {
  test('the search box and filters open the catalogue with the filters in the URL', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Buscar operaciones' });
    await expect(search.getByText('19 operaciones')).toBeVisible();
    await search.getByRole('searchbox').fill('leche en polvo');
    await expect(search.getByText('2 operaciones')).toBeVisible();
    await search.getByLabel('Región').selectOption('UY');
    await search.getByRole('button', { name: 'Buscar' }).click();

    await expect(page).toHaveURL(/\/operations\?q=leche\+en\+polvo&region=UY$/);
    await expect(page.getByTestId('catalogue-count')).toHaveText('2 operaciones');
    await expect(page.getByRole('heading', { name: 'Leche en polvo regular' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test('only one FAQ item is open at a time', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: 'Preguntas frecuentes' });
    const items = faq.getByRole('button');
    await expect(items).toHaveCount(6);
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(1);
    for (let index = 1; index < 6; index += 1) {
      await items.nth(index).click();
      await expect(items.nth(index)).toHaveAttribute('aria-expanded', 'true');
      await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(1);
      await expect(faq.locator('[role="region"]:visible')).toHaveCount(1);
    }
    // By keyboard too.
    await items.nth(0).focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(1);
  });

  test('the featured card shows the spec figures computed from the seeded deal', async ({ page, request }) => {
    const featured = ZFeaturedOperation.parse(await (await request.get('/api/operations/featured')).json());
    await page.goto('/');
    const card = page.getByRole('article', { name: 'Leche en polvo regular' });
    // Seeded 30 days ahead (30d 0h 0m at seeding); the suite may reach this spec minutes later.
    const remaining = (at: number) => {
      const minutes = Math.floor((Date.parse(featured.deadline ?? '') - at) / 60_000);
      return `${Math.floor(minutes / 1440)}d ${Math.floor((minutes % 1440) / 60)}h ${minutes % 60}m`;
    };
    expect(Date.parse(featured.deadline ?? '') - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600_000);
    await expect(card.getByTestId('featured-time-remaining')).toHaveText(
      new RegExp(`(${remaining(Date.now())}|${remaining(Date.now() + 60_000)})$`),
    );
    await expect(card.getByText('Activa', { exact: true })).toBeVisible();
    await expect(card.getByTestId('featured-participants')).toContainText('2 de 5');
    for (const name of Object.values(featured.partners)) await expect(card).toContainText(name ?? '');
    await expect(card.getByTestId('featured-total-volume')).toContainText('25 toneladas');
    await expect(card.getByTestId('featured-price-per-ton')).toContainText('$4,300');
    await expect(card.getByTestId('featured-total-price')).toContainText('$107,500');
    await expect(card.getByTestId('featured-available')).toContainText('15 toneladas');
    await expect(card.getByTestId('featured-arrival-port')).toContainText('La Guaira');
    await expect(card.getByTestId('featured-specification')).toContainText('Regular 26% de materia grasa');
    await expect(card.getByTestId('featured-container')).toContainText('25 toneladas');
    await expect(card.getByTestId('featured-minimum')).toContainText('5 toneladas');
    await card.getByRole('link', { name: 'Participa ahora' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/operation/${featured.id}/order`).replace(/%/g, '%')}$`),
    );
  });

  test('three operation cards link to their detail and "view all" to the catalogue', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Operaciones recientes' });
    await expect(section.getByRole('article')).toHaveCount(3);
    await expect(section.getByText('Detalles después de iniciar sesión').first()).toBeVisible();
    const href = await section
      .getByRole('link', { name: /Ver detalles/ })
      .first()
      .getAttribute('href');
    expect(href).toMatch(/^\/operation\/[0-9a-f-]{36}$/);
    await section.getByRole('link', { name: 'Ver todas' }).click();
    await expect(page).toHaveURL(/\/operations$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Comenzar ahora' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('fits a phone screen @phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('article', { name: 'Leche en polvo regular' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
