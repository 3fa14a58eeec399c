import { expect, test, type Page } from '../support/test';
import { ZCatalogueResponse } from '@tradeops/shared';

async function cardTitles(page: Page) {
  await expect(page.getByTestId('catalogue-results')).toHaveCSS('opacity', '1');
  return page.getByTestId('catalogue-results').getByRole('heading', { level: 3 }).allTextContents();
}

test.describe('operations catalogue', () => {
  test('each filter, the search and the sort change the results and the URL; back undoes them', async ({
    page,
    request,
  }) => {
    await page.goto('/operations');
    const count = page.getByTestId('catalogue-count');
    await expect(count).toHaveText('19 operaciones');
    const all = await cardTitles(page);
    expect(all).toHaveLength(12);

    await page.getByLabel('Tipo de producto').selectOption('coffee');
    await expect(page).toHaveURL(/\?category=coffee$/);
    await expect(count).toHaveText('3 operaciones');

    await page.getByLabel('Región').selectOption('AR');
    await expect(page).toHaveURL(/\?category=coffee&region=AR$/);
    const coffeeToArgentina = await cardTitles(page);
    expect(coffeeToArgentina.length).toBeLessThanOrEqual(3);

    await page.goBack();
    await expect(page).toHaveURL(/\?category=coffee$/);
    await expect(count).toHaveText('3 operaciones');
    await page.goBack();
    await expect(count).toHaveText('19 operaciones');

    const cheap = ZCatalogueResponse.parse(
      await (await request.get('/api/operations/catalogue?maxPrice=1000')).json(),
    ).total;
    expect(cheap).toBeGreaterThan(0);
    expect(cheap).toBeLessThan(19);
    await page.getByLabel('Precio por tonelada').selectOption({ label: 'Hasta $1,000' });
    await expect(page).toHaveURL(/\?maxPrice=1000$/);
    await expect(count).toHaveText(`${cheap} operaciones`);
    const range = await page.getByLabel('Precio por tonelada').inputValue();
    // A link shared before the one casing (?max_price=) opens the same filter.
    await page.goto('/operations?max_price=1000');
    await expect(count).toHaveText(`${cheap} operaciones`);
    await expect(page.getByLabel('Precio por tonelada')).toHaveValue(range);

    await page.goto('/operations');
    await page.getByRole('searchbox').fill('café');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page).toHaveURL(/\?q=caf%C3%A9$/);
    await expect(count).toHaveText(/operaci/);
    expect(await cardTitles(page)).toEqual(expect.arrayContaining(['Café arábica']));

    await page.goto('/operations');
    const cheapest = ZCatalogueResponse.parse(
      await (await request.get('/api/operations/catalogue?sort=price&pageSize=1')).json(),
    ).data[0]?.title;
    await page.getByLabel('Ordenar por').selectOption('price');
    await expect(page).toHaveURL(/\?sort=price$/);
    await expect(page.getByTestId('catalogue-results').getByRole('heading', { level: 3 }).first()).toHaveText(
      cheapest ?? '',
    );
    expect(await cardTitles(page)).not.toEqual(all);
  });

  test('pages beyond the first and a shared link restore the same view', async ({ page }) => {
    await page.goto('/operations?sort=closing');
    await expect(page.getByText('Página 1 de 2')).toBeVisible();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/\?sort=closing&page=2$/);
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    // The pager follows the address at once; the cards follow when page 2 has loaded.
    await expect.poll(() => cardTitles(page)).toHaveLength(7);
    await page.reload();
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    await expect(page.getByLabel('Ordenar por')).toHaveValue('closing');
  });

  test('shows the empty state when nothing matches', async ({ page }) => {
    await page.goto('/operations?q=unobtainium');
    await expect(page.getByText('No hay operaciones')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(page.getByTestId('catalogue-count')).toHaveText('19 operaciones');
  });
});
