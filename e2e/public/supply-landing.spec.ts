import { expect, test } from '../support/test';
import { loginAs } from '../support/login';

/**
 * Issue 16 (item 7): /supply-landing is the seller's landing: what selling here involves, the way to
 * the wizard and the seller dashboard, and the spec's button back to source mode.
 */
const TEXT = {
  es: {
    title: 'Vende en TradeOps',
    steps: [
      'Publica tu oferta',
      'La plataforma la revisa',
      'Los compradores pagan al escrow',
      'Cobras tras la inspección',
      'La comisión de la plataforma',
    ],
    publish: 'Publicar una oferta',
    dashboard: 'Ir a mi panel de vendedor',
    toSource: 'Cambiar a Modo Compra',
    wizard: 'Hacer una oferta',
    sellerDashboard: 'Panel del vendedor',
  },
  en: {
    title: 'Sell on TradeOps',
    steps: [
      'Publish your offer',
      'The platform reviews it',
      'Buyers pay into escrow',
      'You are paid after inspection',
      'The platform fee',
    ],
    publish: 'Publish an offer',
    dashboard: 'Go to my seller dashboard',
    toSource: 'Switch to Source Mode',
    wizard: 'Make an offer',
    sellerDashboard: 'Seller dashboard',
  },
} as const;

for (const language of ['es', 'en'] as const) {
  const text = TEXT[language];
  test(`the seller landing explains selling and links the wizard and the dashboard (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await loginAs(page, 'seller', baseURL, { language });
    await page.goto('/supply-landing');
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText('Supply Mode Coming Soon')).toHaveCount(0);
    const steps = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([...text.steps]);
    await expect(page.getByRole('button', { name: text.toSource })).toBeVisible();
    await expect(page.getByRole('link', { name: text.dashboard })).toHaveAttribute('href', '/seller/dashboard');

    await page.getByRole('link', { name: text.publish }).click();
    await expect(page).toHaveURL(/\/make-offer$/);
    await expect(page.getByRole('heading', { level: 1, name: text.wizard })).toBeVisible({ timeout: 45_000 });

    await page.goBack();
    await page.getByRole('link', { name: text.dashboard }).click();
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: text.sellerDashboard })).toBeVisible({
      timeout: 15_000,
    });
  });
}
