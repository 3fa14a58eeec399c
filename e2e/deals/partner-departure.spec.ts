import { devices, expect, test } from '../support/test';
import { TERMS_VERSION, todayIsoDate } from '@tradeops/shared';
import { randomUUID } from 'node:crypto';
import { createApprovedCompany } from '../support/accounts';
import { provideGatedDocuments } from '../support/deal-documents';
import { PDF_FILE } from '../support/kyc-files';
import { loginAs, loginAsDemoEmail, originHeaders } from '../support/login';

const LOGISTICS_EMAIL = 'logistica@tradeops.demo';
const LOGISTICS_COMPANY = 'Logística Portuaria del Caribe C.A.';

/**
 * Issue 28 (item 4): the seeded logistics partner, assigned to the featured deal, records its
 * departure on a phone — B/L number, vessel, voyage, containers and the B/L itself — and the step
 * says who recorded it; the deal's buyers then find the B/L among the deal's documents.
 */
test.describe('partner area', () => {
  test('the logistics partner records the departure with its B/L and containers on a phone', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const headers = originHeaders(baseURL);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await loginAs(admin, 'admin', baseURL);
    const featured = (await (await admin.request.get('/api/operations/featured')).json()) as {
      id: string;
      title: string;
    };

    // A new buyer takes the 15 t left and pays; the admin confirms the payment (funded) and starts the shipment.
    const buyer = await createApprovedCompany(browser, admin.request, baseURL, {
      companyName: `Lácteos del Llano ${Date.now()}`,
      fullName: 'Mariana Quintero',
      mode: 'source',
    });
    const ordered = await buyer.page.request.post(`/api/operations/${featured.id}/orders`, {
      headers,
      data: { volume: 15, payment_method: 'wire', idempotency_key: randomUUID(), terms_version: TERMS_VERSION },
    });
    expect(ordered.status(), await ordered.text()).toBe(201);
    const { order } = (await ordered.json()) as { order: { id: string } };
    const proof = await buyer.page.request.post(`/api/orders/${order.id}/proof`, {
      headers,
      multipart: { file: { name: 'comprobante.pdf', ...PDF_FILE } },
    });
    expect(proof.status(), await proof.text()).toBe(200);
    const confirmed = await admin.request.post(`/api/admin/payments/${order.id}/confirm`, {
      headers,
      data: { proof_revision: 1 },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const prepared = await admin.request.post(`/api/admin/operations/${featured.id}/milestones/shipment_preparation`, {
      headers,
      multipart: { occurred_at: todayIsoDate() },
    });
    expect(prepared.status(), await prepared.text()).toBe(200);
    // The seller's invoice and packing list, which the departure needs.
    await provideGatedDocuments(admin, baseURL, featured.id, 'departure');

    // The logistics partner, on a phone: its operations, the featured deal, the departure form.
    const phoneContext = await browser.newContext({ ...devices['Pixel 7'] });
    const phone = await phoneContext.newPage();
    await loginAsDemoEmail(phone, LOGISTICS_EMAIL, baseURL);
    await phone.goto('/partner/operations');
    await expect(phone.getByRole('heading', { level: 1, name: 'Mis operaciones' })).toBeVisible();
    await phone.getByRole('link', { name: new RegExp(featured.title) }).click();
    await expect(phone.getByRole('heading', { level: 1, name: featured.title })).toBeVisible();

    const form = phone.getByTestId('partner-step-departure');
    await form.getByLabel('Número de B/L').fill('MEDU9081726354');
    await form.getByLabel('Buque').fill('MSC Aurora');
    await form.getByLabel('Viaje').fill('AU245W');
    await form.getByLabel('Números de contenedor').fill('MSCU1234565\nTGHU0012345');
    await form
      .getByLabel('Conocimiento de embarque (PDF, JPEG o PNG)')
      .setInputFiles({ name: 'bl-leche.pdf', ...PDF_FILE });
    // Nothing wider than the phone's screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.viewportSize()!.width,
    );
    await form.getByRole('button', { name: 'Registrar paso' }).click();

    // The departure is in the history, with who recorded it and its containers; the next step is the arrival.
    const history = phone.getByTestId('partner-history');
    await expect(history).toContainText('Salida');
    await expect(history).toContainText(`Registrado por ${LOGISTICS_COMPANY}`);
    await expect(history).toContainText('Contenedores: MSCU1234565, TGHU0012345');
    await expect(history).toContainText('Buque MSC Aurora, viaje AU245W');
    await expect(phone.getByTestId('partner-step-arrival')).toBeVisible();

    // A buyer of the deal sees the B/L among the deal's documents, uploaded by the logistics partner.
    const demoBuyerContext = await browser.newContext();
    const demoBuyer = await demoBuyerContext.newPage();
    await loginAsDemoEmail(demoBuyer, 'comprador@tradeops.demo', baseURL);
    await demoBuyer.goto(`/operation/${featured.id}/waiting`);
    const bill = demoBuyer.getByTestId('trade-document-bill_of_lading');
    await expect(bill).toContainText('Subido');
    await expect(bill).toContainText(LOGISTICS_COMPANY);
    await expect(bill.getByRole('link', { name: 'Descargar' })).toBeVisible();

    for (const context of [adminContext, phoneContext, demoBuyerContext, buyer.context]) await context.close();
  });
});
