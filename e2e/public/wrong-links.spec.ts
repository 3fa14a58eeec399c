import { type Page, expect, test } from '../support/test';
import { demoId } from '../../apps/server/src/seed/demo-ids';
import { loginAs } from '../support/login';
import { chooseLanguage } from '../support/language';

/**
 * Issue 16 (item 7, wrong links): a non-participant in an operation room is told so and sent to the
 * operation; a malformed or unknown id is "not found" at once (a 4xx is never retried), and an
 * unknown operation's payment page offers no order.
 */

/** A published operation the demo buyer has no order in (the buyer's orders are all in the featured one). */
const OTHER_OPERATION = demoId('operation:cocoa-liquor');
const UNKNOWN_OPERATION = '7d1e2f30-4a5b-4c6d-8e7f-90a1b2c3d4e5';

const TEXT = {
  es: {
    notParticipant: 'No participas en esta operación',
    toOperation: 'Ver la ficha de la operación',
    notFound: 'Operación no encontrada',
    browse: 'Ver el catálogo',
    placeOrder: 'Hacer un pedido',
    retry: 'Reintentar',
  },
  en: {
    notParticipant: 'You are not taking part in this operation',
    toOperation: "View the operation's page",
    notFound: 'Operation not found',
    browse: 'Browse the catalogue',
    placeOrder: 'Place an order',
    retry: 'Retry',
  },
} as const;

async function useLanguage(page: Page, language: 'es' | 'en') {
  await chooseLanguage(page, language);
}

for (const language of ['es', 'en'] as const) {
  const text = TEXT[language];

  test(`a non-participant in an operation room is told so and sent to the operation (${language})`, async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, language);
    await loginAs(page, 'buyer', baseURL);
    expect((await page.request.get(`/api/operations/${OTHER_OPERATION}/room`)).status()).toBe(403);

    await page.goto(`/operation/${OTHER_OPERATION}/waiting`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(text.notParticipant, { timeout: 45_000 });
    await expect(alert).not.toContainText('Failed to load operation details');
    await expect(page.getByRole('button', { name: text.retry })).toHaveCount(0);
    await alert.getByRole('link', { name: text.toOperation }).click();
    await expect(page).toHaveURL(new RegExp(`/operation/${OTHER_OPERATION}$`));
  });

  test(`a malformed or unknown operation id is "not found" within 2 s, with no order offered (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await useLanguage(page, language);
    await loginAs(page, 'buyer', baseURL);
    // Warm the two pages' code (the buyer's own deal) so the 2 s measure the answer, not a first download.
    const featured = demoId('operation:milk-powder-regular');
    await page.goto(`/operation/${featured}/waiting`);
    await expect(page.getByTestId('operation-room-allocated')).toBeVisible({ timeout: 45_000 });
    await page.goto(`/operation/${featured}/participate`);
    await expect(page.getByTestId('payment-reference')).toBeVisible({ timeout: 45_000 });

    for (const path of [
      '/operation/not-a-uuid/participate',
      '/operation/x/waiting',
      `/operation/${UNKNOWN_OPERATION}/participate`,
      `/operation/${UNKNOWN_OPERATION}/waiting`,
    ]) {
      // In-app navigation (as a link would), so the clock runs from the click, not from a cold load.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page.getByRole('heading', { level: 1, name: text.notFound }), path).toBeVisible({
        timeout: 2_000,
      });
      await expect(page.getByRole('link', { name: text.browse }), path).toHaveAttribute('href', '/operations');
      await expect(page.getByRole('link', { name: text.placeOrder }), path).toHaveCount(0);
      await expect(page.getByRole('button', { name: text.retry }), path).toHaveCount(0);
    }

    // A cold load of a malformed id as well.
    const started = Date.now();
    await page.goto('/operation/x/waiting');
    await expect(page.getByRole('heading', { level: 1, name: text.notFound })).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
}
