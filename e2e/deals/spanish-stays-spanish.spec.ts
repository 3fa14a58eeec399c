import { type Browser, type Deal, type Page, expect, publishApprovedDeal, test } from '../support/deals';
import { TERMS_VERSION, type TradeDocumentGate, formatCalendarDate, toIsoDate } from '@tradeops/shared';
import { provideGatedDocuments } from '../support/deal-documents';
import { PDF_FILE } from '../support/kyc-files';
import { loginAs, loginAsDemoEmail, originHeaders } from '../support/login';
import { chooseLanguage } from '../support/language';

/**
 * Issue 16, item 6: the Spanish UI is all Spanish and the English one shows the spec's
 * English strings; ledger memos, notification dates and deadlines are written for the
 * viewer (language and time zone).
 */

const LANGUAGES = {
  es: {
    volumeStep: 'El volumen debe ir en incrementos de 5 toneladas',
    submit: 'Confirmar pedido',
    volume: 'Volumen (toneladas)',
    expires:
      /^Tus toneladas están reservadas hasta el \d{1,2} [a-z]{3}\.? \d{4}, \d{1,2}:\d{2}\s[ap]\.\s?m\. \(UTC−3\)$/,
    proofUpload: 'No pudimos subir el comprobante de pago. Intenta nuevamente.',
    waitingLoad: 'No pudimos cargar los detalles de la operación',
    memo: 'Disputa decidida: reembolso parcial',
    // The deal's title in this language: other deals' notices of the same day read alike.
    shipment: (deal: Deal, date: string) => `${deal.title}: comenzó la preparación del envío (${date})`,
  },
  en: {
    volumeStep: 'Volume must be in increments of 5 tons',
    submit: 'Confirm order',
    volume: 'Volume (tons)',
    expires: /^Your tons are reserved until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M \(UTC−3\)$/,
    proofUpload: 'Failed to upload payment proof. Please try again.',
    waitingLoad: 'Failed to load operation details',
    memo: 'Dispute decided: partial refund',
    shipment: (deal: Deal, date: string) => `${deal.titleEn}: shipment preparation started (${date})`,
  },
} as const;
type Language = keyof typeof LANGUAGES;

/** Buyers, one per language (each test has a 10 t deal of its own). */
const BUYER_BY_LANGUAGE: Record<Language, string> = {
  es: 'comprador@tradeops.demo',
  en: 'importadora.andina@tradeops.demo',
};

async function useLanguage(page: Page, language: Language): Promise<void> {
  await chooseLanguage(page, language);
}

// A buyer in UTC−3 (Montevideo, Buenos Aires, São Paulo): the deadline names that zone.
test.use({ timezoneId: 'America/Montevideo' });

for (const language of ['es', 'en'] as const) {
  const text = LANGUAGES[language];

  test(`the order, payment and waiting pages speak ${language}: volume rule, deadline with its zone, upload and load failures`, async ({
    page,
    baseURL,
    publishDeal,
  }) => {
    test.setTimeout(120_000);
    const { id: operationId } = await publishDeal({
      title: 'Leche en polvo entera',
      titleEn: 'Whole milk powder',
      productName: 'Whole Milk Powder',
      productCategory: 'dairy',
      totalTons: 10,
      minVolume: 5,
      priceUsd: 4_500,
    });
    await useLanguage(page, language);
    await loginAsDemoEmail(page, BUYER_BY_LANGUAGE[language], baseURL);

    await page.goto(`/operation/${operationId}/order`);
    const volume = page.getByLabel(text.volume);
    await volume.fill('12');
    await expect(page.getByText(text.volumeStep, { exact: true })).toBeVisible({ timeout: 20_000 });
    await volume.fill('5');
    await expect(page.getByText(text.volumeStep, { exact: true })).toHaveCount(0);
    await page.getByTestId('terms-acceptance').check();
    await page.getByRole('button', { name: text.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/operation/${operationId}/participate$`), { timeout: 20_000 });

    // The hold's deadline, in the buyer's zone, with the zone named.
    await expect(page.getByText(text.expires)).toBeVisible({ timeout: 20_000 });

    // The upload fails on the server's side: the spec's message, in the page's language.
    await page.route('**/api/orders/*/proof', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'x' } }),
          })
        : route.continue(),
    );
    await page.getByTestId('proof-upload').locator('input[type="file"]').setInputFiles({
      name: 'comprobante.pdf',
      mimeType: PDF_FILE.mimeType,
      buffer: PDF_FILE.buffer,
    });
    await expect(page.getByText(text.proofUpload)).toBeVisible({ timeout: 20_000 });

    // The operation room cannot be loaded: the spec's message, in the page's language.
    await page.route('**/api/operations/*/room', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'x' } }),
      }),
    );
    // Three retries of a 5xx (1 s, 2 s, 4 s) come first: the page's clock runs their backoff forward
    // instead of the test waiting it out (time still flows; runFor fires the timers that are due).
    await page.clock.install();
    await page.goto(`/operation/${operationId}/waiting`);
    await expect(async () => {
      await page.clock.runFor(4_000);
      await expect(page.getByRole('alert')).toContainText(text.waitingLoad, { timeout: 250 });
    }).toPass({ intervals: [100], timeout: 20_000 });
  });
}

/**
 * One 10 t deal, published for this group, taken by the Spanish demo buyer, paid, shipped, failed at
 * inspection and decided with a partial refund, through the API: the ledger then holds dispute memos
 * and the buyer has a step's notification with its date. (A retry of the serial group runs the hook
 * again, on a new deal.)
 */
async function runDealToPartialRefund(browser: Browser, baseURL: string | undefined): Promise<Deal> {
  const headers = originHeaders(baseURL);
  const sellerContext = await browser.newContext({ baseURL });
  const seller = await sellerContext.newPage();
  await loginAs(seller, 'seller', baseURL);
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await loginAs(admin, 'admin', baseURL);
  const deal = await publishApprovedDeal({ seller: seller.request, admin: admin.request }, baseURL, {
    title: 'Café verde de especialidad',
    titleEn: 'Specialty green coffee',
    productName: 'Green Coffee',
    totalTons: 10,
    minVolume: 5,
    priceUsd: 8_200,
  });
  await sellerContext.close();
  const operationId = deal.id;

  const buyerContext = await browser.newContext({ baseURL });
  const buyer = await buyerContext.newPage();
  await loginAs(buyer, 'buyer', baseURL);
  const ordered = await buyer.request.post(`/api/operations/${operationId}/orders`, {
    headers,
    data: { volume: 10, paymentMethod: 'wire', idempotencyKey: crypto.randomUUID(), termsVersion: TERMS_VERSION },
  });
  expect(ordered.status()).toBe(201);
  const { order } = (await ordered.json()) as { order: { id: string; amountCents: number } };
  const proof = await buyer.request.post(`/api/orders/${order.id}/proof`, {
    headers,
    multipart: { file: { name: 'comprobante.pdf', mimeType: PDF_FILE.mimeType, buffer: PDF_FILE.buffer } },
  });
  expect(proof.status()).toBe(200);
  await buyerContext.close();

  const queue = (await (await admin.request.get('/api/admin/payments?limit=100')).json()) as {
    items: { id: string; proofRevision: number }[];
  };
  const item = queue.items.find((row) => row.id === order.id);
  expect(item).toBeDefined();
  const confirmed = await admin.request.post(`/api/admin/payments/${order.id}/confirm`, {
    headers,
    data: { proofRevision: item!.proofRevision },
  });
  expect(confirmed.status()).toBe(200);

  const today = toIsoDate(new Date());
  const bill = { name: 'documento.pdf', mimeType: PDF_FILE.mimeType, buffer: PDF_FILE.buffer };
  const steps: [string, Record<string, string | typeof bill>][] = [
    ['shipment_preparation', { occurredAt: today }],
    ['departure', { occurredAt: today, document: bill }],
    ['arrival', { occurredAt: today }],
    ['inspection', { occurredAt: today, result: 'failed', document: bill }],
  ];
  for (const [step, multipart] of steps) {
    await provideGatedDocuments(admin, baseURL, operationId, step as TradeDocumentGate);
    const response = await admin.request.post(`/api/admin/operations/${operationId}/milestones/${step}`, {
      headers,
      multipart,
    });
    expect(response.status(), step).toBe(200);
  }
  const decided = await admin.request.post(`/api/admin/operations/${operationId}/dispute/decision`, {
    headers,
    data: {
      decision: 'partial',
      reason: 'Humedad fuera de norma',
      refunds: { [order.id]: Math.round(order.amountCents / 4) },
    },
  });
  expect(decided.status()).toBe(200);
  await adminContext.close();
  return deal;
}

test.describe('written for the viewer', () => {
  test.describe.configure({ mode: 'serial' });
  let deal: Deal;
  const today = toIsoDate(new Date());

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    deal = await runDealToPartialRefund(browser, baseURL);
  });

  for (const language of ['es', 'en'] as const) {
    const text = LANGUAGES[language];

    test(`the admin ledger words its memos in ${language}`, async ({ page, baseURL }) => {
      test.setTimeout(60_000);
      await useLanguage(page, language);
      await loginAs(page, 'admin', baseURL);
      await page.goto(`/admin/operations/${deal.id}/ledger`);
      const memos = page.getByTestId('ledger-memo');
      // The one order's payout (its refund and release entries in one transfer).
      await expect(memos).toHaveText([text.memo], { timeout: 20_000 });
      await expect(page.getByText('dispute: partial')).toHaveCount(0);
    });

    test(`a step's notification shows its date in ${language}`, async ({ page, baseURL }) => {
      test.setTimeout(60_000);
      await useLanguage(page, language);
      await loginAs(page, 'buyer', baseURL);
      await page.goto('/buyer/dashboard');
      await page.getByTestId('notification-bell').click();
      const panel = page.getByRole('region', { name: language === 'es' ? 'Notificaciones' : 'Notifications' });
      // One deal's notifications are grouped, the latest in full: open every group to read the earlier ones.
      const showAll = panel.getByRole('button', { name: language === 'es' ? /^Ver todos/ : /^Show all/ });
      await expect.poll(() => showAll.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      while ((await showAll.count()) > 0) await showAll.first().click();
      await expect(panel.getByText(text.shipment(deal, formatCalendarDate(today, language)))).toBeVisible({
        timeout: 20_000,
      });
      await expect(panel).not.toContainText(`(${today})`);
    });
  }
});
