import { type Page, expect, test } from '../support/test';
import { demoId } from '../../apps/server/src/seed/demo-ids';
import { DEMO_PASSWORD, loginAs, originHeaders } from '../support/login';
import { chooseLanguage } from '../support/language';

/**
 * Issue 16 (item 7): "Make an Offer" on an operation. A seller lands in the wizard pre-filled from
 * that deal; a buyer is told what an offer is, with a way to switch to Supply Mode (never dropped on
 * /mode-select unexplained).
 */
const OPERATION = demoId('operation:cocoa-liquor');
/** A seeded KYC-approved buyer no other public spec signs in as: this spec switches its mode and back. */
const SWITCHING_BUYER = 'importadora.andina@tradeops.demo';

const TEXT = {
  es: {
    prefilled: 'Empezamos tu oferta con los datos de',
    productName: 'Nombre del producto',
    category: 'Categoría',
    origin: 'País de origen',
    destination: 'País de destino',
    next: 'Siguiente',
    totalTons: 'Volumen total (t)',
    minVolume: 'Volumen mínimo por participante (t)',
    price: 'Precio por tonelada (USD)',
    explainTitle: 'Hacer una oferta es vender',
    stay: 'Seguir en Modo Compra',
    switch: 'Cambiar a Modo Venta y ofertar',
    makeOffer: 'Hacer una oferta',
  },
  en: {
    prefilled: 'Your offer starts from',
    productName: 'Product name',
    category: 'Category',
    origin: 'Origin country',
    destination: 'Destination country',
    next: 'Next',
    totalTons: 'Total volume (t)',
    minVolume: 'Minimum volume per participant (t)',
    price: 'Price per ton (USD)',
    explainTitle: 'Making an offer means selling',
    stay: 'Stay in Source Mode',
    switch: 'Switch to Supply Mode and make an offer',
    makeOffer: 'Make an Offer',
  },
} as const;

interface Detail {
  title: string;
  productName: string;
  productCategory: string;
  originCountry: string;
  destinationCountry: string;
  totalTons: number;
  minVolume: number;
  priceUsd: number;
}

async function expectPrefilled(page: Page, language: 'es' | 'en', detail: Detail) {
  const text = TEXT[language];
  await expect(page).toHaveURL(/\/make-offer$/, { timeout: 45_000 });
  await expect(page.getByRole('status').filter({ hasText: text.prefilled })).toContainText(detail.title, {
    timeout: 15_000,
  });
  await expect(page.getByLabel(text.productName)).toHaveValue(detail.productName);
  await expect(page.getByLabel(text.category)).toHaveValue(detail.productCategory);
  await expect(page.getByLabel(text.origin)).toHaveValue(detail.originCountry);
  await expect(page.getByLabel(text.destination)).toHaveValue(detail.destinationCountry);
  // The description is the seller's own: fill it to reach step 2, where tons and price wait.
  await page.getByLabel(language === 'es' ? 'Descripción' : 'Description', { exact: true }).fill('E2E');
  await page.getByRole('button', { name: text.next }).click();
  await expect(page.getByLabel(text.totalTons)).toHaveValue(String(detail.totalTons));
  await expect(page.getByLabel(text.minVolume)).toHaveValue(String(detail.minVolume));
  await expect(page.getByLabel(text.price)).toHaveValue(String(detail.priceUsd));
}

for (const language of ['es', 'en'] as const) {
  const text = TEXT[language];

  test(`a seller's Make an Offer opens the wizard pre-filled from the deal (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await loginAs(page, 'seller', baseURL, { language });
    await page.goto(`/operation/${OPERATION}`);
    const detail = (await (
      await page.request.get(`/api/operations/${OPERATION}`, { headers: { 'accept-language': language } })
    ).json()) as Detail;
    await page.getByRole('link', { name: TEXT[language].makeOffer }).click({ timeout: 45_000 });
    await expectPrefilled(page, language, detail);
  });

  test(`a buyer's Make an Offer explains seller mode, with a way to switch (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await chooseLanguage(page, language);
    if (language === 'es') await loginAs(page, 'buyer', baseURL);
    else {
      const signIn = await page.request.post('/api/auth/sign-in', {
        headers: originHeaders(baseURL),
        data: { email: SWITCHING_BUYER, password: DEMO_PASSWORD },
      });
      expect(signIn.status()).toBe(200);
    }
    await page.goto(`/operation/${OPERATION}`);
    await page.getByRole('button', { name: TEXT[language].makeOffer }).click({ timeout: 45_000 });
    const dialog = page.getByRole('dialog', { name: text.explainTitle });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/operation/${OPERATION}$`));

    if (language === 'es') {
      // Staying a buyer closes the explanation; nothing changed.
      await dialog.getByRole('button', { name: text.stay }).click();
      await expect(dialog).toHaveCount(0);
      const session = await (await page.request.get('/api/session')).json();
      expect(session.user.role).toBe('buyer');
      return;
    }
    try {
      const detail = (await (
        await page.request.get(`/api/operations/${OPERATION}`, { headers: { 'accept-language': language } })
      ).json()) as Detail;
      await dialog.getByRole('button', { name: text.switch }).click();
      await expectPrefilled(page, language, detail);
      const session = await (await page.request.get('/api/session')).json();
      expect(session.user.role).toBe('seller');
    } finally {
      await page.request.put('/api/session/mode', { headers: originHeaders(baseURL), data: { mode: 'source' } });
    }
  });
}
