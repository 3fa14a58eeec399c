import { expect, test } from '../support/test';
import { ZListOperationsResponse } from '@tradeops/shared';

test.describe('app shell and the operations slice', () => {
  test('the landing shows the seeded operations in Spanish', async ({ page, request }) => {
    const response = await request.get('/api/operations?limit=3', { headers: { 'accept-language': 'es' } });
    expect(response.ok()).toBe(true);
    const { data } = ZListOperationsResponse.parse(await response.json());
    expect(data.length).toBe(3);

    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar Sesión' }).first()).toBeVisible();
    for (const operation of data) {
      await expect(page.getByRole('heading', { name: operation.title }).first()).toBeVisible();
    }
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('switching to English translates the navbar and survives a reload', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Nosotros' })).toBeVisible();
    await page
      .getByRole('button', { name: /^(EN|English)$/ })
      .first()
      .click();
    const navEn = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navEn.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(navEn.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About' }),
    ).toBeVisible();
  });

  test('a deep link survives a reload', async ({ page, request }) => {
    const { data } = ZListOperationsResponse.parse(await (await request.get('/api/operations?limit=1')).json());
    for (const path of ['/about', '/services/due-diligence', `/operation/${data[0]?.id}`, '/admin/kyc/users']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await expect(page.getByText('Página no encontrada')).toHaveCount(0);
    }
  });

  test('an unknown route shows the translated not-found page', async ({ page }) => {
    await page.goto('/esta-ruta-no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await page
      .getByRole('button', { name: /^(EN|English)$/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the API answers errors in the request language', async ({ request }) => {
    const es = await request.get('/api/no-such-route', { headers: { 'accept-language': 'es' } });
    expect(es.status()).toBe(404);
    expect((await es.json()).error.code).toBe('ROUTE_NOT_FOUND');
    const en = await request.get('/api/operations?status=nope', { headers: { 'accept-language': 'en' } });
    expect(en.status()).toBe(400);
    const body = await en.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toMatch(/not valid/i);
  });

  test('the phone menu opens and navigates @phone', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Nosotros' }).last().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();
  });
});
