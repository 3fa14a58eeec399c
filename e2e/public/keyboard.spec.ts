import { expect, test } from '../support/test';

test.describe('keyboard', () => {
  test('the Services dropdown opens, moves and follows a link by keyboard', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    const services = nav.getByRole('button', { name: 'Servicios' });
    await services.focus();
    await page.keyboard.press('ArrowDown');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(services).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Financiamiento' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services\/financing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Financiamiento' })).toBeVisible();
  });

  test('the landing search submits from the keyboard', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Buscar operaciones' });
    await search.getByRole('searchbox').focus();
    await page.keyboard.type('café');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/operations\?q=caf%C3%A9$/);
  });

  test('the phone menu opens and closes by keyboard @phone', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Cerrar menú' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeFocused();
  });
});
