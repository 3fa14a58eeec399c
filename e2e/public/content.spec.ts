import { expect, test } from '../support/test';
import { loginAs } from '../support/login';
import { clickUntilAt } from '../support/navigation';

const PAGES: [path: string, es: string | RegExp, en: string | RegExp][] = [
  ['/', /Importa y exporta/, /Import and export/],
  ['/operations', 'Catálogo de operaciones', 'Operations catalogue'],
  ['/about', 'Nosotros', 'About us'],
  ['/why-tradeops', '¿Por qué TradeOps?', /Why TradeOps/],
  ['/services', 'Servicios', 'Services'],
  ['/services/due-diligence', 'Debida diligencia', 'Due Diligence'],
  ['/services/financing', 'Financiamiento', 'Financing'],
  ['/blog', 'Blog', 'Blog'],
  ['/contact', 'Contacto', 'Contact'],
  ['/explore', 'Explora las operaciones abiertas', 'Explore the open operations'],
];

test.describe('public pages', () => {
  for (const [path, es, en] of PAGES) {
    test(`${path} switches language`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: es })).toBeVisible();
      await page.getByRole('button', { name: 'EN', exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: en })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.getByRole('button', { name: 'ES', exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: es })).toBeVisible();
    });
  }

  test('the content pages carry real copy', async ({ page }) => {
    await page.goto('/about');
    for (const name of ['Nuestra misión', 'Nuestros valores', 'Liderazgo', 'Tecnología']) {
      await expect(page.getByRole('heading', { name })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute('href', '/signup');
    await page.goto('/services/financing');
    await expect(page.getByRole('heading', { name: 'Instituciones financieras aliadas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Arbitraje de divisas' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/lorem ipsum/i);
  });

  test('the blog lists articles from the database and opens one, in both languages', async ({ page }) => {
    await page.goto('/blog');
    const first = page.getByRole('link', { name: /Leer artículo/ }).first();
    await expect(page.getByRole('link', { name: /Leer artículo/ })).toHaveCount(3);
    await first.click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('button', { name: 'EN', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(title ?? '');
    await page.getByRole('link', { name: /Back to the blog/ }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.goto('/blog/no-such-article');
    await expect(page.getByText('This article does not exist or is no longer published.')).toBeVisible();
  });

  test('the contact form validates, sends and thanks; an admin reads the message', async ({
    page,
    baseURL,
  }, testInfo) => {
    // One message text per attempt: a retry must not find the first attempt's message too.
    const message = `Quiero participar en una operación de café de 10 toneladas (intento ${testInfo.retry + 1}).`;
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByText('Escribe tu nombre (al menos 2 caracteres)')).toBeVisible();
    await expect(page.getByText('Por favor ingresa un correo electrónico válido')).toBeVisible();
    await page.getByLabel('Nombre completo').fill('Ana Pérez');
    await page.getByLabel('Correo electrónico').fill('ana@importadora.example');
    await page.getByLabel('Mensaje').fill(message);
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByText('¡Gracias! Recibimos tu mensaje')).toBeVisible();

    await loginAs(page, 'admin', baseURL);
    await page.goto('/admin/kyc');
    // The admin chunk loads lazily; on a loaded CI machine that took longer than the default 7 s once.
    await clickUntilAt(
      page,
      page.getByRole('link', { name: 'Mensajes de contacto' }),
      /\/admin\/messages$/,
      page.getByRole('heading', { level: 1, name: 'Mensajes de contacto' }),
    );
    await expect(page.getByText(message)).toBeVisible();
  });

  test('footer links lead to real pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of hrefs.filter((value): value is string => !!value && value.startsWith('/'))) {
      await page.goto(href);
      await expect(page.getByText('Página no encontrada')).toHaveCount(0);
      await expect(page.getByText('Esta sección estará disponible muy pronto.')).toHaveCount(0);
    }
  });
});
