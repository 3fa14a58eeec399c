import { expect, test } from '../support/test';
import { ZListOperationsResponse } from '@tradeops/shared';
import { loginAs } from '../support/login';

test.describe('operation detail for visitors', () => {
  test('a visitor is asked to sign in and comes back to the same operation', async ({ page, request }) => {
    const { data } = ZListOperationsResponse.parse(await (await request.get('/api/operations?limit=1')).json());
    const id = data[0]?.id ?? '';
    await page.goto(`/operation/${id}`);
    // The deal's public facts, then the prompt for the rest.
    await expect(page.getByRole('heading', { level: 1, name: data[0]?.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Detalles después de iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar sesión', exact: true })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent(`/operation/${id}`)}`,
    );
    await page.goto('/operation/featured');
    await expect(page.getByRole('heading', { level: 1, name: 'Leche en polvo regular' })).toBeVisible();
    await expect(page.getByText('15 t disponibles de 25 t')).toBeVisible();
  });

  test('the detail API is not open to visitors', async ({ request }) => {
    const { data } = ZListOperationsResponse.parse(await (await request.get('/api/operations?limit=1')).json());
    for (const path of [`/api/operations/${data[0]?.id}`, `/api/operations/${data[0]?.id}/spec`]) {
      const response = await request.get(path);
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      expect(response.headers()['content-type']).toContain('application/json');
    }
  });

  test('an unknown id shows a not-found page, not a crash', async ({ page }) => {
    await page.goto('/operation/not-a-real-id');
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByText('Esta operación no existe o ya no está publicada.')).toBeVisible();
    await page.getByRole('button', { name: 'EN', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test.describe('operation detail for a signed-in buyer', () => {
  test('shows every element and downloads the spec with its expected name', async ({ page, baseURL }) => {
    await loginAs(page, 'buyer', baseURL);
    await page.goto('/operation/featured');
    await expect(page.getByRole('heading', { level: 1, name: 'Leche en polvo regular' })).toBeVisible();
    for (const text of [
      'Acerca de la operación',
      'Socios de la operación',
      'Inversión total requerida',
      '$107,500',
      'Operaciones similares',
      'Visitas',
      'Seguidores',
      'Comentarios',
      'Verificaciones',
    ]) {
      await expect(page.getByText(text, { exact: true }).first(), text).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Participa Ahora' }).first()).toHaveAttribute(
      'href',
      /\/operation\/[0-9a-f-]{36}\/order$/,
    );
    // A buyer: offers are a seller's, explained on the click (e2e/offers/offer-from-deal.spec.ts).
    await expect(page.getByRole('button', { name: 'Hacer una oferta' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al inicio' }).first()).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar especificación' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('Milk Powder Specification v2.1.pdf');

    const watch = page.getByRole('button', { name: /^Seguir/ });
    await watch.click();
    await expect(page.getByRole('button', { name: /^Siguiendo/ })).toBeVisible();
  });
});
