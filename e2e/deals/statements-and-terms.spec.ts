import { readFile } from 'node:fs/promises';
import { type Page, expect, paidOrder, test } from '../support/deals';
import { extractText, getDocumentProxy } from 'unpdf';
import { PDF_FILE, PNG_FILE } from '../support/kyc-files';
import { loginAs } from '../support/login';
import { chooseLanguage } from '../support/language';

/*
 * Issue 16 items 3 and 4: the order needs the terms accepted; a buyer reads and downloads the
 * escrow statement of an order; a seller sees the platform fee in the wizard and on the dashboard.
 * Each test publishes the deal it orders on (e2e/support/deals.ts). Payouts net of the fee are
 * followed through a whole deal in full-flow.spec.ts.
 */

async function useLanguage(page: Page, language: 'es' | 'en') {
  await chooseLanguage(page, language);
}

async function pdfTextOf(path: string): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await readFile(path)));
  return (await extractText(document, { mergePages: true })).text;
}

const STATEMENT = {
  es: {
    title: 'Estado de cuenta de escrow',
    deposit: 'Depósito en escrow',
    link: 'Estado de cuenta',
    download: 'Descargar PDF',
    zone: 'Horas en America/Caracas (UTC-4)',
  },
  en: {
    title: 'Escrow statement',
    deposit: 'Deposit into escrow',
    link: 'Statement',
    download: 'Download PDF',
    zone: 'Times in America/Caracas (UTC-4)',
  },
} as const;

// The interface writes times in the browser's zone; the PDF, drawn on the server, must too.
test.use({ timezoneId: 'America/Caracas' });

for (const language of ['es', 'en'] as const) {
  test(`a buyer opens the escrow statement of an order and downloads it as a PDF (${language})`, async ({
    page,
    browser,
    baseURL,
    publishDeal,
  }) => {
    test.setTimeout(120_000);
    const words = STATEMENT[language];
    // A 5 t order at $4,300/t, paid and confirmed: one deposit of $21,500 in escrow.
    const deal = await publishDeal({
      title: 'Leche en polvo regular',
      productName: 'Milk Powder',
      productCategory: 'dairy',
      totalTons: 25,
      minVolume: 5,
      priceUsd: 4_300,
    });
    await useLanguage(page, language);
    await loginAs(page, 'buyer', baseURL);
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await loginAs(admin, 'admin', baseURL);
    await paidOrder({ buyer: page.request, admin: admin.request }, baseURL, deal.id, 5);
    await adminContext.close();
    // Reachable from the dashboard…
    await page.goto('/buyer/dashboard');
    await expect(page.getByTestId('buyer-statement-link').first()).toBeVisible({ timeout: 30_000 });
    // …and from the order's payment page.
    await page.goto(`/operation/${deal.id}/participate`);
    await page.getByTestId('participate-statement-link').click();
    await expect(page).toHaveURL(/\/buyer\/statements\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    const movement = page.getByTestId('statement-movement');
    await expect(movement).toHaveCount(1);
    await expect(movement).toContainText(words.deposit);
    await expect(movement).toContainText('$21,500');
    const transferId = (await page.getByTestId('statement-transfer').innerText()).trim();
    expect(transferId).toMatch(/^[0-9a-f-]{36}$/);
    const reference = (await page.getByTestId('statement-reference').innerText()).trim();
    expect(reference).toMatch(/^TO-/);

    const number = (await page.getByTestId('statement-number').innerText()).trim();
    expect(number).toBe(`${reference}-E1`);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: words.download }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`tradeops-${number}.pdf`);
    const text = await pdfTextOf((await file.path())!);
    expect(text).toContain(words.title);
    expect(text).toContain(number);
    // The server drew it in the browser's time zone, and says which.
    expect(text).toContain(words.zone);
    expect(text).toContain(words.deposit);
    expect(text).toContain(reference);
    expect(text).toContain(transferId);
  });
}

test('the order page needs the terms accepted and the order records them (en)', async ({
  page,
  baseURL,
  publishDeal,
}) => {
  test.setTimeout(120_000);
  // 20 t at $10,000/t, orders of 5 t at least.
  const { id: operationId } = await publishDeal({
    title: 'Café arábica',
    titleEn: 'Arabica coffee',
    productName: 'Arabica Coffee',
    totalTons: 20,
    minVolume: 5,
    priceUsd: 10_000,
  });
  await useLanguage(page, 'en');
  await loginAs(page, 'buyer', baseURL);
  await page.goto(`/operation/${operationId}/order`);
  await expect(page.getByRole('link', { name: 'terms of service', exact: true })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'privacy policy', exact: true })).toHaveAttribute('href', '/privacy');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(
    page.getByText('Accept the terms of service, the privacy policy and the escrow agreement to continue.'),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/operation/${operationId}/order$`));
  await page.getByTestId('terms-acceptance').check();
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(new RegExp(`/operation/${operationId}/participate$`));
  // Its statement names the terms version accepted; no money has moved yet.
  await page.getByTestId('participate-statement-link').click();
  await expect(page.getByText('Terms accepted (version)')).toBeVisible();
  await expect(page.getByText('No movements yet: the deposit appears when your payment is confirmed.')).toBeVisible();
});

const WIZARD = {
  es: {
    labels: [
      'Nombre del producto',
      'Categoría',
      'Tipo de operación',
      'País de origen',
      'País de destino',
      'Puerto de llegada',
      'Descripción',
      'Imagen del producto',
      'Ficha técnica',
      'Siguiente',
      'Volumen total (t)',
      'Precio por tonelada (USD)',
    ],
    fee: 'La plataforma cobra 2 % de tu pago; recibirías ≈ $72,030.',
    dashboard: 'Comisión de la plataforma: 2 % de cada pago, descontada al liberar el escrow.',
  },
  en: {
    labels: [
      'Product name',
      'Category',
      'Operation type',
      'Origin country',
      'Destination country',
      'Arrival port',
      'Description',
      'Product image',
      'Specification sheet',
      'Next',
      'Total volume (t)',
      'Price per ton (USD)',
    ],
    fee: 'The platform charges 2 % of your payout; you would receive ≈ $72,030.',
    dashboard: 'Platform fee: 2 % of each payout, deducted when escrow is released.',
  },
} as const;

for (const language of ['es', 'en'] as const) {
  test(`a seller sees the platform fee in the offer wizard and on the dashboard (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const words = WIZARD[language];
    const [product, category, type, origin, destination, port, description, image, spec, next, tons, price] =
      words.labels;
    await useLanguage(page, language);
    await loginAs(page, 'seller', baseURL);
    await page.goto('/seller/dashboard');
    await expect(page.getByTestId('platform-fee')).toHaveText(words.dashboard);

    await page.goto('/make-offer');
    await page.getByLabel(product).fill('Café verde');
    await page.getByLabel(category).selectOption('coffee');
    await page.getByLabel(type).selectOption('export');
    await page.getByLabel(origin).selectOption('CO');
    await page.getByLabel(destination).selectOption('ES');
    await page.getByLabel(port).fill('Valencia');
    await page.getByLabel(description, { exact: true }).fill('Café verde lavado, sacos de 70 kg.');
    // Once in CI the chosen files were gone when "Next" was clicked (the typed fields, kept in the
    // draft, were not) and the wizard stayed on step 1: choose them again until step 2 opens.
    await expect(async () => {
      await page.getByLabel(image).setInputFiles({ name: 'cafe.png', ...PNG_FILE });
      await page.getByLabel(spec).setInputFiles({ name: 'ficha.pdf', ...PDF_FILE });
      await page.getByRole('button', { name: next }).click();
      await expect(page.getByLabel(tons)).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    await page.getByLabel(tons).fill('30');
    await page.getByLabel(price).fill('2450');
    // $73,500 − 2 % ($1,470) = $72,030, from the admin setting.
    await expect(page.getByTestId('platform-fee')).toHaveText(words.fee);
  });
}
