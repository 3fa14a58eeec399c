import { type Page, expect, test } from '../support/test';
import {
  type BuyerStatement,
  type LedgerResponse,
  type OperationControlResponse,
  type SellerStatement,
  isoDateInDays,
} from '@tradeops/shared';
import { createApprovedCompany } from '../support/accounts';
import { provideGatedDocuments } from '../support/deal-documents';
import { PDF_FILE, PNG_FILE } from '../support/kyc-files';
import { loginAs, loginAsDemoEmail, originHeaders } from '../support/login';

/*
 * Issue 28's journey: a seller publishes a CIF deal with its trade terms; two buyers order and
 * download their contracts; the admin assigns the demo logistics partner and inspector; the
 * logistics partner ships (departure with the B/L, vessel and containers); the inspector measures
 * 3 % less than contracted, beyond the deal's ± 1 % tolerance; the admin settles (90 %) and
 * confirms the final measurement the inspector's weight proposes: each buyer is refunded its share
 * of the shortfall, the seller paid the rest; every statement matches the ledger. The deal is this
 * spec's own (published here). Like full-flow, it sets the deals server's fund retention to 0 days.
 */

const TOTAL_TONS = 20;
const TONS_PER_BUYER = 10;
const PRICE_PER_TON = 3_000;
/** 3 % short of 20 t: 19.4 t, 600 kg; beyond the ± 1 % (200 kg) tolerance, the whole 600 kg is refunded. */
const MEASURED_KG = 19_400;
const BUYERS = ['comprador@tradeops.demo', 'importadora.andina@tradeops.demo'];
const LOGISTICS = {
  email: 'logistica@tradeops.demo',
  company: 'Logística Portuaria del Caribe C.A.',
  role: 'Socio logístico',
};
const INSPECTOR = {
  email: 'inspector@tradeops.demo',
  company: 'Inspecciones y Certificaciones Andinas S.A.',
  role: 'Empresa de inspección',
};

/** An amount in the es-ES UI's formatting (grouping may be a dot, comma or space). */
function usd(amount: number): RegExp {
  const grouped = String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '[.,\\s\\u00a0\\u202f]?');
  return new RegExp(`\\$${grouped}(?!\\d)`);
}

async function publishCifDeal(seller: Page, product: string) {
  await seller.goto('/make-offer');
  await expect(seller.getByRole('heading', { level: 1, name: 'Hacer una oferta' })).toBeVisible();
  await seller.getByLabel('Nombre del producto').fill(product);
  await seller.getByLabel('Categoría').selectOption('dairy');
  await seller.getByLabel('Tipo de operación').selectOption('import');
  await seller.getByLabel('País de origen').selectOption('AR');
  await seller.getByLabel('País de destino').selectOption('VE');
  await seller.getByLabel('Puerto de llegada').fill('La Guaira');
  await seller.getByLabel('Descripción', { exact: true }).fill('Leche en polvo entera 26 % grasa, sacos de 25 kg.');
  await seller.getByLabel('Imagen del producto').setInputFiles({ name: 'leche.png', ...PNG_FILE });
  await seller.getByLabel('Ficha técnica').setInputFiles({ name: 'ficha-leche.pdf', ...PDF_FILE });
  await seller.getByRole('button', { name: 'Siguiente' }).click();

  await expect(seller.getByRole('heading', { level: 2, name: /Volumen y precio/ })).toBeVisible();
  await seller.getByLabel('Volumen total (t)').fill(String(TOTAL_TONS));
  await seller.getByLabel('Volumen mínimo por participante (t)').fill('5');
  await seller.getByLabel('Máximo por participante (t)').fill(String(TONS_PER_BUYER));
  await seller.getByLabel('Precio por tonelada (USD)').fill(String(PRICE_PER_TON));
  await seller.getByRole('button', { name: 'Siguiente' }).click();

  await expect(seller.getByRole('heading', { level: 2, name: /Fechas/ })).toBeVisible();
  await seller.getByLabel('Fecha límite para participar').fill(isoDateInDays(20));
  await seller.getByLabel('Salida estimada').fill(isoDateInDays(30));
  await seller.getByLabel('Llegada estimada').fill(isoDateInDays(50));
  await seller.getByRole('button', { name: 'Siguiente' }).click();

  // CIF La Guaira, insured by the seller at 110 %, ± 1 % on the quantity.
  await expect(seller.getByRole('heading', { level: 2, name: /Condiciones comerciales/ })).toBeVisible();
  await expect(seller.getByLabel('Incoterm 2020')).toHaveValue('CIF');
  await seller.getByLabel('Lugar o puerto convenido').fill('La Guaira');
  await seller.getByLabel('Embarque desde').fill(isoDateInDays(28));
  await seller.getByLabel('Embarque hasta').fill(isoDateInDays(35));
  await seller.getByLabel('Tolerancia de cantidad (± %)').fill('1');
  await seller
    .getByLabel('Especificación de calidad (según la ficha técnica)')
    .fill('Grasa mín. 26 %, humedad máx. 4 %');
  await seller.getByLabel('Entidad de inspección').fill('Inspecciones y Certificaciones Andinas');
  await seller.getByRole('button', { name: 'Publicar oferta' }).click();
  await expect(seller.getByRole('heading', { name: '¡Oferta enviada!' })).toBeVisible();
}

/** A buyer orders 10 t on the order page, downloads the contract (a PDF) and answers the order's id. */
async function orderAndDownloadContract(buyer: Page, operationId: string): Promise<string> {
  await buyer.goto(`/operation/${operationId}/order`);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Participar en la operación' })).toBeVisible();
  await expect(buyer.getByText('CIF La Guaira').first()).toBeVisible();
  await buyer.getByLabel('Volumen (toneladas)').fill(String(TONS_PER_BUYER));
  await buyer.getByTestId('terms-acceptance').check();
  await buyer.getByRole('button', { name: 'Confirmar pedido' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/operation/${operationId}/participate$`));
  const link = buyer.getByTestId('participate-contract-link');
  const href = await link.getAttribute('href');
  const orderId = /\/api\/orders\/([0-9a-f-]{36})\/contract\.pdf/.exec(href ?? '')?.[1];
  expect(orderId, href ?? '').toBeTruthy();
  const download = buyer.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const contract = await buyer.request.get(href!);
  expect(contract.status()).toBe(200);
  expect(contract.headers()['content-type']).toContain('application/pdf');
  expect((await contract.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await buyer
    .getByTestId('proof-upload')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'comprobante.pdf', ...PDF_FILE });
  // In review once the proof is stored (66 %): the 33 % of a placed order shows before the upload ends, and an
  // admin's confirmation sent then is refused (409: no proof yet).
  await expect(buyer.getByTestId('payment-percent')).toHaveText('66%');
  return orderId!;
}

/** A partner records one of its steps on its deal page and waits for it in the history. */
async function recordPartnerStep(
  partner: Page,
  step: string,
  label: string | RegExp,
  fill?: (form: ReturnType<Page['getByTestId']>) => Promise<void>,
) {
  const form = partner.getByTestId(`partner-step-${step}`);
  await expect(form).toBeVisible();
  await fill?.(form);
  await form.getByRole('button', { name: 'Registrar paso' }).click();
  await expect(partner.getByTestId('partner-history')).toContainText(label);
}

test.describe('the trade journey', () => {
  test('a CIF deal: contracts, partners, a 3 % shortfall refunded from the holdback, statements matching the ledger', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const headers = originHeaders(baseURL);
    const product = `Leche en polvo E2E ${Date.now()}`;
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await loginAs(admin, 'admin', baseURL);
    const seller = await createApprovedCompany(browser, admin.request, baseURL, {
      companyName: `Lácteos Pampeanos ${Date.now()}`,
      fullName: 'Martina Ferreira',
      mode: 'supply',
    });
    const buyerContexts = await Promise.all(BUYERS.map(() => browser.newContext()));
    const buyers = await Promise.all(buyerContexts.map((context) => context.newPage()));
    await Promise.all(buyers.map((page, index) => loginAsDemoEmail(page, BUYERS[index]!, baseURL)));

    // The fund retention: 0 days, so the deal settles the day its inspection passes.
    await admin.goto('/admin/settings');
    const retention = admin.getByLabel('Retención de fondos (días)');
    await expect(retention).toHaveValue(/^\d+$/);
    await retention.fill('0');
    await admin.getByRole('button', { name: 'Guardar ajustes' }).click();
    await expect(admin.getByText('Ajustes guardados.')).toBeVisible();

    // 1. The seller publishes the CIF deal; the admin approves it.
    await publishCifDeal(seller.page, product);
    await admin.goto('/admin/offer-reviews');
    const review = admin.getByTestId('operation-review').filter({ hasText: product });
    await review.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await expect(review).toHaveCount(0);
    const search = await admin.request.get(`/api/operations?q=${encodeURIComponent(product)}`);
    const operationId = ((await search.json()) as { data: { id: string }[] }).data[0]!.id;
    expect(operationId).toMatch(/^[0-9a-f-]{36}$/);

    // 2. Two buyers order 10 t each and download their contracts; the admin confirms both payments.
    const orders: string[] = [];
    for (const buyer of buyers) orders.push(await orderAndDownloadContract(buyer, operationId));
    for (const id of orders) {
      const confirmed = await admin.request.post(`/api/admin/payments/${id}/confirm`, {
        headers,
        data: { proofRevision: 1 },
      });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
    }

    // 3. The admin assigns the demo logistics partner and inspector on the deal's control page.
    await admin.goto(`/admin/operations/${operationId}`);
    for (const partner of [LOGISTICS, INSPECTOR]) {
      await admin.getByLabel('Cuenta del socio').selectOption({ label: `${partner.company} — ${partner.role}` });
      await admin.getByRole('button', { name: 'Asignar', exact: true }).click();
      await expect(admin.getByTestId('assigned-partners')).toContainText(partner.company);
    }

    // 4. The logistics partner prepares the shipment, records the departure (B/L, vessel, containers) and the arrival.
    const logisticsContext = await browser.newContext();
    const logistics = await logisticsContext.newPage();
    await loginAsDemoEmail(logistics, LOGISTICS.email, baseURL);
    await logistics.goto('/partner/operations');
    await logistics.getByRole('link', { name: new RegExp(product) }).click();
    await provideGatedDocuments(admin, baseURL, operationId, 'shipment_preparation');
    await recordPartnerStep(logistics, 'shipment_preparation', 'Preparación del envío');
    await provideGatedDocuments(admin, baseURL, operationId, 'departure');
    await recordPartnerStep(logistics, 'departure', 'Contenedores: MSCU1234565, TGHU0012345', async (form) => {
      await form.getByLabel('Número de B/L').fill('MEDU5566778899');
      await form.getByLabel('Buque').fill('MSC Aurora');
      await form.getByLabel('Viaje').fill('AU301W');
      await form.getByLabel('Números de contenedor').fill('MSCU1234565\nTGHU0012345');
      await form
        .getByLabel('Conocimiento de embarque (PDF, JPEG o PNG)')
        .setInputFiles({ name: 'bl-leche.pdf', ...PDF_FILE });
    });
    await expect(logistics.getByTestId('partner-history')).toContainText(`Registrado por ${LOGISTICS.company}`);
    await provideGatedDocuments(admin, baseURL, operationId, 'arrival');
    await recordPartnerStep(logistics, 'arrival', 'Llegada');

    // 5. The inspector measures 19.4 t net (3 % short) and passes the quality, with its certificate.
    const inspectorContext = await browser.newContext();
    const inspector = await inspectorContext.newPage();
    await loginAsDemoEmail(inspector, INSPECTOR.email, baseURL);
    await inspector.goto('/partner/operations');
    await inspector.getByRole('link', { name: new RegExp(product) }).click();
    await provideGatedDocuments(admin, baseURL, operationId, 'inspection');
    await recordPartnerStep(inspector, 'inspection', /Peso neto: 19[.,\s\u00a0\u202f]?400 kg/, async (form) => {
      await form.getByLabel('Peso neto medido (kg)').fill(String(MEASURED_KG));
      await form.getByLabel('Resultados de calidad').fill('Grasa: 26,4 %\nHumedad: 3,2 %');
      await form.getByRole('radio', { name: 'Aprobada', exact: true }).check();
      await form
        .getByLabel('Certificado de inspección (PDF, JPEG o PNG)')
        .setInputFiles({ name: 'certificado.pdf', ...PDF_FILE });
    });

    // 6. The admin settles: 90 % of each $30,000 order, $27,000 gross, less the 2 % fee.
    await provideGatedDocuments(admin, baseURL, operationId, 'release');
    await admin.goto(`/admin/operations/${operationId}`);
    const settlement = admin.getByRole('region', { name: 'Liquidación' });
    await settlement.getByRole('button', { name: 'Liquidar y pagar al vendedor' }).click();
    const settleDialog = admin.getByRole('dialog', { name: new RegExp('^Liquidar') });
    await expect(settleDialog.getByTestId('payout-total-net')).toHaveText(usd(52_920));
    await settleDialog.getByRole('button', { name: 'Sí, liquidar y pagar' }).click();
    await expect(admin.getByText('Liquidada', { exact: true })).toBeVisible();

    // 7. The final measurement is the inspector's: each buyer gets $900 back (half of 600 kg × $3,000/t),
    // the seller the rest of its $3,000 holdback, $2,100, less the fee ($42): $2,058.
    const measurement = admin.getByTestId('final-measurement');
    await expect(measurement.getByTestId('final-measurement-inspection')).toContainText(INSPECTOR.company);
    await expect(measurement.getByLabel('Peso neto medido (t)')).toHaveValue('19.4');
    await measurement.getByRole('button', { name: 'Registrar medición final' }).click();
    const measurementDialog = admin.getByRole('dialog', { name: /¿Registrar la medición final/ });
    await expect(measurementDialog.getByTestId('payout-total-net')).toHaveText(usd(4_116));
    await measurementDialog.getByRole('button', { name: 'Registrar y liberar' }).click();
    await expect(measurement).toBeHidden();

    // 8. The ledger: nothing held; $1,800 back to the buyers; the seller's two tranches, net of the fee.
    const ledgerResponse = await admin.request.get(`/api/admin/operations/${operationId}/ledger`);
    const ledger = (await ledgerResponse.json()) as LedgerResponse;
    expect(ledger).toMatchObject({
      depositedCents: 6_000_000,
      heldCents: 0,
      refundedCents: 180_000,
      platformFeeCents: 116_400,
      releasedToSellerCents: 5_703_600,
    });
    // One page holds this deal's few transfers; the sums above are the whole ledger's.
    expect(ledger.items).toHaveLength(ledger.total);
    for (const transfer of ledger.items) expect(transfer.sumCents).toBe(0);
    await admin.goto(`/admin/operations/${operationId}/ledger`);
    await expect(admin.getByTestId('ledger-held')).toHaveText('$0');
    await expect(admin.getByTestId('ledger-refunded')).toHaveText(usd(1_800));
    await expect(admin.getByTestId('ledger-releasedToSeller')).toHaveText(usd(57_036));
    await expect(admin.getByTestId('ledger-platformFee')).toHaveText(usd(1_164));

    // 9. Each buyer's statement: deposited $30,000, refunded $900, nothing held, as the ledger says.
    const ledgerOf = (id: string) => ledger.items.filter((transfer) => transfer.orderId === id);
    const buyerEntries = (transfers: LedgerResponse['items']) =>
      transfers
        .flatMap((transfer) => transfer.entries)
        .filter((entry) => entry.account.startsWith('buyer:'))
        .reduce((sum, entry) => sum + entry.amountCents, 0);
    for (const [index, buyer] of buyers.entries()) {
      const id = orders[index]!;
      const response = await buyer.request.get(`/api/orders/${id}/statement`);
      expect(response.status()).toBe(200);
      const statement = (await response.json()) as BuyerStatement;
      expect(statement.heldCents).toBe(0);
      expect(statement.tradeTerms).toMatchObject({ incoterm: 'CIF', namedPlace: 'La Guaira' });
      const sumOf = (kind: string) =>
        statement.movements.filter((m) => m.kind === kind).reduce((sum, m) => sum + m.amountCents, 0);
      const transfers = ledgerOf(id);
      expect(sumOf('deposit')).toBe(-buyerEntries(transfers.filter((transfer) => transfer.kind === 'deposit')));
      expect(sumOf('refund')).toBe(buyerEntries(transfers.filter((transfer) => transfer.kind !== 'deposit')));
      expect(sumOf('deposit')).toBe(3_000_000);
      expect(sumOf('refund')).toBe(90_000);
      await buyer.goto(`/buyer/statements/${id}`);
      await expect(buyer.getByText(usd(900)).first()).toBeVisible();
    }

    // 10. The seller's statement: four payouts (two tranches of two orders), the totals the ledger holds.
    const sellerStatement = (await (
      await seller.page.request.get(`/api/seller/operations/${operationId}/statement`)
    ).json()) as SellerStatement;
    expect(sellerStatement.payouts).toHaveLength(4);
    expect(sellerStatement.totals).toEqual({
      grossCents: ledger.releasedToSellerCents + ledger.platformFeeCents,
      feeCents: ledger.platformFeeCents,
      netCents: ledger.releasedToSellerCents,
    });
    await seller.page.goto(`/seller/statements/${operationId}`);
    await expect(seller.page.getByTestId('seller-net-total')).toHaveText(usd(57_036));
    await expect(seller.page.getByTestId('seller-fee-total')).toHaveText(usd(1_164));

    const control = (await (
      await admin.request.get(`/api/admin/operations/${operationId}/control`)
    ).json()) as OperationControlResponse;
    expect(control.inspectionMeasurement).toMatchObject({ netWeightKg: MEASURED_KG, recordedBy: INSPECTOR.company });

    for (const context of [adminContext, logisticsContext, inspectorContext, seller.context, ...buyerContexts]) {
      await context.close();
    }
  });
});
