import { expect, test } from '../support/test';
import { loginAs } from '../support/login';

/**
 * The seller's track record on the operation page. The seed's demo seller has no settled,
 * arrived or disputed deal, so the truth is "new seller" (figures from a constructed history are
 * checked in operation-detail.api.test.ts; a settled deal's in e2e/deals/full-flow.spec.ts).
 */
const COPY = {
  es: { title: 'Historial del vendedor', newSeller: 'Vendedor nuevo' },
  en: { title: 'Seller track record', newSeller: 'New seller' },
} as const;

for (const language of ['es', 'en'] as const) {
  test(`the featured deal's page shows its seller as a new seller (${language})`, async ({ page, baseURL }) => {
    await loginAs(page, 'buyer', baseURL, { language });
    await page.goto('/operation/featured');
    const record = page.getByTestId('seller-track-record');
    await expect(record.getByRole('heading', { name: COPY[language].title })).toBeVisible();
    await expect(record.getByText(COPY[language].newSeller, { exact: true })).toBeVisible();
  });
}
