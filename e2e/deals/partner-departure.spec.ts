import { devices, expect, paidOrder, test } from '../support/deals';
import { todayIsoDate } from '@tradeops/shared';
import { provideGatedDocuments } from '../support/deal-documents';
import { PDF_FILE } from '../support/kyc-files';
import { loginAs, loginAsDemoEmail, originHeaders } from '../support/login';

const LOGISTICS_EMAIL = 'logistica@tradeops.demo';
const LOGISTICS_COMPANY = 'Logística Portuaria del Caribe C.A.';

/**
 * Issue 28 (item 4): the seeded logistics partner, assigned by an admin to this test's deal (the
 * featured deal's 25 t at $4,300/t), records its departure on a phone — B/L number, vessel, voyage, containers and the B/L itself — and the step
 * says who recorded it; the deal's buyers then find the B/L among the deal's documents.
 */
test.describe('partner area', () => {
  test('the logistics partner records the departure with its B/L and containers on a phone', async ({
    browser,
    baseURL,
    publishDeal,
  }) => {
    test.setTimeout(180_000);
    const headers = originHeaders(baseURL);
    const featured = await publishDeal({
      title: 'Leche en polvo regular',
      productName: 'Milk Powder',
      productCategory: 'dairy',
      totalTons: 25,
      minVolume: 5,
      priceUsd: 4_300,
    });
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await loginAs(admin, 'admin', baseURL);

    // The admin assigns the seeded logistics partner to the deal.
    const partners = (await (await admin.request.get(`/api/admin/operations/${featured.id}/partners`)).json()) as {
      candidates: { userId: string; companyName: string }[];
    };
    const logistics = partners.candidates.find((candidate) => candidate.companyName === LOGISTICS_COMPANY);
    expect(logistics, 'the seeded logistics partner may be assigned').toBeDefined();
    const assigned = await admin.request.post(`/api/admin/operations/${featured.id}/partners`, {
      headers,
      data: { userId: logistics!.userId },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);

    // Two demo buyers take the 25 t and pay; the admin confirms the payments (funded) and starts the shipment.
    const buyers = [];
    for (const [email, volume] of [
      ['comprador@tradeops.demo', 10],
      ['importadora.andina@tradeops.demo', 15],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await loginAsDemoEmail(page, email, baseURL);
      await paidOrder({ buyer: page.request, admin: admin.request }, baseURL, featured.id, volume);
      buyers.push(context);
    }
    const prepared = await admin.request.post(`/api/admin/operations/${featured.id}/milestones/shipment_preparation`, {
      headers,
      multipart: { occurredAt: todayIsoDate() },
    });
    expect(prepared.status(), await prepared.text()).toBe(200);
    // The seller's invoice and packing list, which the departure needs.
    await provideGatedDocuments(admin, baseURL, featured.id, 'departure');

    // The logistics partner, on a phone: its operations, the featured deal, the departure form.
    const phoneContext = await browser.newContext({ ...devices['Pixel 7'] });
    const phone = await phoneContext.newPage();
    await loginAsDemoEmail(phone, LOGISTICS_EMAIL, baseURL);
    await phone.goto('/partner/operations');
    await expect(phone.getByRole('heading', { level: 1, name: 'Mis operaciones' })).toBeVisible({ timeout: 30_000 });
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
    await expect(bill).toContainText('Subido', { timeout: 30_000 }); // a new context's first page
    await expect(bill).toContainText(LOGISTICS_COMPANY);
    await expect(bill.getByRole('link', { name: 'Descargar' })).toBeVisible();

    for (const context of [adminContext, phoneContext, demoBuyerContext, ...buyers]) await context.close();
  });
});
