import { type Browser, type BrowserContext, type Page, expect, test } from '../support/test';
import { isoDateInDays, todayIsoDate } from '@tradeops/shared';
import { createApprovedCompany } from '../support/accounts';
import { provideGatedDocuments } from '../support/deal-documents';
import { PDF_FILE, PNG_FILE } from '../support/kyc-files';
import { DEMO_USERS, loginAs, loginAsDemoEmail } from '../support/login';
import { clickUntilAt } from '../support/navigation';

/*
 * Issue 7's "done when": one offer from the seller's wizard to the seller's
 * payout, through the real pages of every party. The seller and one buyer are
 * fresh companies (KYC through the API: e2e/kyc tests that flow), so the
 * seller's dashboard figures are this spec's alone; the two other buyers are
 * the seeded approved buyers (their orders in other specs' operations do not
 * touch this one). It sets the deals server's fund retention to 0 days in
 * /admin/settings (see e2e/support/deals.ts).
 */

const TOTAL_TONS = 30;
const TONS_PER_BUYER = 10;
const PRICE_PER_TON = 2_450;
/** The second seeded buyer, KYC approved (apps/server/src/seed/demo-accounts.ts). */
const SECOND_DEMO_BUYER = 'importadora.andina@tradeops.demo';

/** $24,500 in the es-ES UI's formatting (grouping may be a dot, comma or space). */
function usd(amount: number): RegExp {
  const digits = String(amount);
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '[.,\\s\\u00a0\\u202f]?');
  return new RegExp(grouped);
}

/** Wall-clock time of each phase, reported as annotations of the test. */
function stopwatch() {
  const started = Date.now();
  let last = started;
  return {
    lap(phase: string) {
      const now = Date.now();
      test.info().annotations.push({ type: `phase: ${phase}`, description: `${((now - last) / 1000).toFixed(1)} s` });
      last = now;
    },
    total() {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      test.info().annotations.push({ type: 'flow duration', description: `${seconds} s` });
      console.info(`[full-flow] offer → settlement → operation rooms in ${seconds} s`);
    },
  };
}

/** A seeded account signed in in a browser context of its own. */
async function signedInDemo(
  browser: Browser,
  email: string,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsDemoEmail(page, email, baseURL);
  return { context, page };
}

async function createOfferThroughWizard(seller: Page, product: string) {
  await seller.goto('/make-offer');
  await expect(seller.getByRole('heading', { level: 1, name: 'Hacer una oferta' })).toBeVisible();
  await seller.getByLabel('Nombre del producto').fill(product);
  await seller.getByLabel('Categoría').selectOption('coffee');
  await seller.getByLabel('Tipo de operación').selectOption('export');
  await seller.getByLabel('País de origen').selectOption('CO');
  await seller.getByLabel('País de destino').selectOption('ES');
  await seller.getByLabel('Puerto de llegada').fill('Valencia');
  await seller.getByLabel('Descripción', { exact: true }).fill('Café verde lavado, cosecha principal, sacos de 70 kg.');
  await seller.getByLabel('Imagen del producto').setInputFiles({ name: 'cafe.png', ...PNG_FILE });
  await seller.getByLabel('Ficha técnica').setInputFiles({ name: 'ficha-cafe.pdf', ...PDF_FILE });
  await seller.getByRole('button', { name: 'Siguiente' }).click();

  await expect(seller.getByRole('heading', { level: 2, name: /Volumen y precio/ })).toBeVisible();
  await seller.getByLabel('Volumen total (t)').fill(String(TOTAL_TONS));
  await seller.getByLabel('Volumen mínimo por participante (t)').fill('5');
  await seller.getByLabel('Máximo por participante (t)').fill('15');
  await seller.getByLabel('Precio por tonelada (USD)').fill(String(PRICE_PER_TON));
  await expect(seller.getByTestId('offer-total')).toHaveText('$73,500');
  // The platform's fee (the admin setting, 2 % by default) and what the seller would receive.
  await expect(seller.getByTestId('platform-fee')).toHaveText(
    'La plataforma cobra 2 % de tu pago; recibirías ≈ $72,030.',
  );
  await seller.getByRole('button', { name: 'Siguiente' }).click();

  await expect(seller.getByRole('heading', { level: 2, name: /Fechas/ })).toBeVisible();
  await seller.getByLabel('Fecha límite para participar').fill(isoDateInDays(20));
  await seller.getByLabel('Salida estimada').fill(isoDateInDays(30));
  await seller.getByLabel('Llegada estimada').fill(isoDateInDays(55));
  await seller.getByRole('button', { name: 'Siguiente' }).click();

  // The trade terms: a CIF deal at the arrival port, insured by the seller at 110 %.
  await expect(seller.getByRole('heading', { level: 2, name: /Condiciones comerciales/ })).toBeVisible();
  await expect(seller.getByLabel('Incoterm 2020')).toHaveValue('CIF');
  await seller.getByLabel('Lugar o puerto convenido').fill('Valencia');
  await seller.getByLabel('Embarque desde').fill(isoDateInDays(28));
  await seller.getByLabel('Embarque hasta').fill(isoDateInDays(35));
  await seller
    .getByLabel('Especificación de calidad (según la ficha técnica)')
    .fill('Excelso, malla 15+, humedad máx. 12 %');
  await seller.getByLabel('Entidad de inspección').fill('SGS');
  await seller.getByRole('button', { name: 'Publicar oferta' }).click();
  await expect(seller.getByRole('heading', { name: '¡Oferta enviada!' })).toBeVisible();
}

/** A buyer orders through the order page and uploads the payment proof; answers the payment reference. */
async function participateAndUploadProof(buyer: Page, operationId: string): Promise<string> {
  const orderPath = `/operation/${operationId}/order`;
  if (new URL(buyer.url()).pathname !== orderPath) await buyer.goto(orderPath);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Participar en la operación' })).toBeVisible();
  const volume = buyer.getByLabel('Volumen (toneladas)');
  await expect(volume).toHaveValue('5');
  await volume.fill(String(TONS_PER_BUYER));
  await expect(buyer.getByTestId('order-total')).toContainText(usd(TONS_PER_BUYER * PRICE_PER_TON));
  await buyer.getByTestId('terms-acceptance').check();
  await buyer.getByRole('button', { name: 'Confirmar pedido' }).click();

  await expect(buyer).toHaveURL(new RegExp(`/operation/${operationId}/participate$`));
  const reference = buyer.getByTestId('payment-reference');
  await expect(reference).toHaveText(/^TO-[2-9A-HJKMNP-TV-Z]{10}$/);
  await buyer
    .getByTestId('proof-upload')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'comprobante.pdf',
      ...PDF_FILE,
    });
  await expect(buyer.getByTestId('payment-percent')).toHaveText('66%');
  return (await reference.innerText()).trim();
}

/** Records the control page's next step (today's date, the form's default) and waits for the step after it. */
async function recordStep(
  admin: Page,
  step: string,
  then: string | null,
  options: { document?: { label: string; name: string }; result?: string } = {},
) {
  const form = admin.getByRole('form', { name: `Registrar: ${step}` });
  await expect(form).toBeVisible();
  if (options.document) {
    await form.getByLabel(options.document.label).setInputFiles({ name: options.document.name, ...PDF_FILE });
  }
  if (options.result) await form.getByRole('radio', { name: options.result, exact: true }).check();
  await form.getByRole('button', { name: 'Registrar paso' }).click();
  if (then) await expect(admin.getByRole('form', { name: `Registrar: ${then}` })).toBeVisible();
  else await expect(form).toHaveCount(0);
  await expect(admin.getByTestId('lifecycle-milestones').getByText(step, { exact: true })).toBeVisible();
}

test.describe('full flow', () => {
  test('an offer goes from the seller’s wizard through approval, orders, payments and every milestone to the seller’s payout', async ({
    browser,
    baseURL,
  }) => {
    // Alone it runs in 40–56 s on the loaded 2-core machine; beside the other deals specs (2 workers) up to
    // ~100 s, and in CI's PGlite phase (both cores shared with the desktop specs) it once passed 150 s.
    test.setTimeout(300_000);
    const clock = stopwatch();
    const product = `Café verde E2E ${Date.now()}`;
    const title = `${product} - Colombia`;

    // The admin, in a context of their own for the whole flow; every party has one.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await loginAs(admin, 'admin', baseURL);
    const [seller, freshBuyer, ...demoBuyers] = await Promise.all([
      createApprovedCompany(browser, admin.request, baseURL, {
        companyName: `Tostadores Unidos ${Date.now()}`,
        fullName: 'Lucía Restrepo',
        mode: 'supply',
      }),
      createApprovedCompany(browser, admin.request, baseURL, {
        companyName: `Importadora Caribe ${Date.now()}`,
        fullName: 'Andrés Salcedo',
        mode: 'source',
      }),
      signedInDemo(browser, DEMO_USERS.buyer, baseURL),
      signedInDemo(browser, SECOND_DEMO_BUYER, baseURL),
    ]);
    const buyers = [freshBuyer, ...demoBuyers];
    clock.lap('fixtures (2 new approved companies, 2 seeded buyers)');

    // The fund retention: 0 days, so the deal settles as soon as the inspection passes.
    await admin.goto('/admin/settings');
    const retention = admin.getByLabel('Retención de fondos (días)');
    // Loaded (30 days as seeded, or 0 already when this is a retry on the same server).
    await expect(retention).toHaveValue(/^\d+$/);
    await retention.fill('0');
    await admin.getByRole('button', { name: 'Guardar ajustes' }).click();
    await expect(admin.getByText('Ajustes guardados.')).toBeVisible();
    await expect(retention).toHaveValue('0');

    // 1. The seller publishes the offer through the three steps of the wizard.
    await createOfferThroughWizard(seller.page, product);
    clock.lap('offer wizard');

    // 2. An admin approves it.
    await admin.goto('/admin/offer-reviews');
    const review = admin.getByTestId('operation-review').filter({ hasText: title });
    await expect(review).toBeVisible();
    await expect(review.getByText(seller.email)).toBeVisible();
    await review.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await expect(review).toHaveCount(0);
    clock.lap('approval');

    // 3. It is in the catalogue: a buyer finds it by its title and opens it.
    const first = freshBuyer.page;
    await first.goto('/operations');
    await first.getByRole('searchbox', { name: 'Buscar operaciones' }).fill(title);
    await first.getByRole('button', { name: 'Buscar', exact: true }).click();
    const card = first.getByRole('article').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card.getByText(`${TOTAL_TONS} t disponibles`)).toBeVisible();
    // The product photo chosen in the wizard is the card's image.
    await expect
      .poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await card.getByRole('link', { name: new RegExp(title) }).click();
    await expect(first.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const operationId = new URL(first.url()).pathname.split('/').pop()!;
    expect(operationId).toMatch(/^[0-9a-f-]{36}$/);
    // The spec sheet uploaded in the wizard downloads from the detail page.
    const download = first.waitForEvent('download');
    await first.getByRole('button', { name: 'Descargar especificación' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await first.getByRole('link', { name: 'Participa Ahora' }).click();
    await expect(first).toHaveURL(new RegExp(`/operation/${operationId}/order$`));
    clock.lap('catalogue and detail');

    // 4. Three buyers fill it at the same time: each orders and uploads the payment proof.
    const references = await Promise.all(buyers.map((buyer) => participateAndUploadProof(buyer.page, operationId)));
    clock.lap('three orders and proofs');

    // 5. The admin confirms every payment in the payments queue (shipment waits for all of them).
    await admin.goto('/admin/payments');
    for (const reference of references) {
      const payment = admin.getByTestId(`payment-${reference}`);
      await payment.getByRole('button', { name: 'Confirmar pago' }).click();
      await admin
        .getByRole('dialog', { name: 'Confirmar el pago' })
        .getByRole('button', { name: 'Sí, confirmar el pago' })
        .click();
      await expect(admin.getByRole('status')).toContainText(`Pago ${reference} confirmado`);
      await expect(payment).toHaveCount(0);
    }
    clock.lap('payment confirmations');

    // 6. The admin runs the deal through every milestone.
    // Once in CI (1 run in 3) the click on the navigation link, made while the payment queue refetched,
    // left the page where it was and the test waited out its 5 minutes.
    await clickUntilAt(
      admin,
      admin.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Operaciones en curso' }),
      /\/admin\/operations$/,
      admin.getByRole('heading', { level: 1, name: 'Operaciones en curso' }),
    );
    await admin.getByRole('link', { name: new RegExp(title) }).click({ timeout: 15_000 });
    await expect(admin).toHaveURL(new RegExp(`/admin/operations/${operationId}$`));
    await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(admin.getByText(`${TOTAL_TONS} de ${TOTAL_TONS} t asignadas`).first()).toBeVisible();
    // Each step is dated today, the form's default.
    const stepDate = todayIsoDate();
    await expect(admin.getByLabel('Fecha', { exact: true })).toHaveValue(stepDate);
    await recordStep(admin, 'Preparación del envío', 'Salida');
    // The seller's documents of the checklist (the admin uploads them here; the gates have their API test).
    await provideGatedDocuments(admin, baseURL, operationId, 'departure');
    await recordStep(admin, 'Salida', 'Llegada', {
      document: { label: 'Conocimiento de embarque (B/L)', name: 'bl-cafe.pdf' },
    });
    await provideGatedDocuments(admin, baseURL, operationId, 'arrival');
    await recordStep(admin, 'Llegada', 'Inspección');
    await recordStep(admin, 'Inspección', null, {
      document: { label: 'Informe de inspección', name: 'informe-cafe.pdf' },
      result: 'Aprobada',
    });
    await provideGatedDocuments(admin, baseURL, operationId, 'release');
    const settlement = admin.getByRole('region', { name: 'Liquidación' });
    const total = TOTAL_TONS * PRICE_PER_TON;
    await expect(settlement).toContainText(usd(total));
    await settlement.getByRole('button', { name: 'Liquidar y pagar al vendedor' }).click();
    // The dialog names what the seller receives now: 90 % of the gross (the rest is held back until
    // the final measurement) less the 2 % fee: 3 × $22,050 − 3 × $441.
    const settleDialog = admin.getByRole('dialog', { name: `Liquidar «${title}»` });
    await expect(settleDialog.getByTestId('payout-total-net')).toHaveText(usd(64_827));
    await settleDialog.getByRole('button', { name: 'Sí, liquidar y pagar' }).click();
    await expect(admin.getByTestId('lifecycle-milestones').getByText('Liquidación', { exact: true })).toBeVisible();
    await expect(admin.getByText('Liquidada', { exact: true })).toBeVisible();
    // The final measurement finds the full weight: the holdback ($7,350) goes to the seller, less the fee.
    const measurement = admin.getByTestId('final-measurement');
    await measurement.getByLabel('Peso neto medido (t)').fill(String(TOTAL_TONS));
    await measurement.getByRole('button', { name: 'Registrar medición final' }).click();
    const measurementDialog = admin.getByRole('dialog', { name: `¿Registrar la medición final de ${title}?` });
    await expect(measurementDialog.getByTestId('payout-total-net')).toHaveText(usd(7_203));
    await measurementDialog.getByRole('button', { name: 'Registrar y liberar' }).click();
    await expect(measurement).toBeHidden();
    clock.lap('milestones and settlement');

    // 7. The ledger: nothing held, everything paid, one release per order, each to the seller.
    await admin.getByRole('link', { name: 'Ver el libro mayor de escrow' }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/operations/${operationId}/ledger$`));
    await expect(admin.getByTestId('ledger-held')).toHaveText('$0');
    await expect(admin.getByTestId('ledger-deposited')).toContainText(usd(total));
    await expect(admin.getByTestId('ledger-releasedToSeller')).toHaveText(usd(72_030));
    await expect(admin.getByTestId('ledger-platformFee')).toHaveText(usd(1_470));
    await expect(admin.getByTestId('ledger-refunded')).toHaveText('$0');
    const releases = admin.getByTestId('ledger-transfer').filter({ hasText: 'Liberación al vendedor' });
    await expect(releases).toHaveCount(buyers.length * 2);
    // Each order's $24,500 leaves escrow in two tranches: $22,050 at settlement ($21,609 to the
    // seller, the 2 % fee $441 to the platform), $2,450 at the final measurement ($2,401 and $49).
    const tranches = [
      { memo: 'Liquidación: fondos liberados', net: 21_609, fee: 441 },
      { memo: 'Medición final: retención liberada', net: 2_401, fee: 49 },
    ];
    for (const tranche of tranches) {
      const ofTranche = releases.filter({ hasText: tranche.memo });
      await expect(ofTranche).toHaveCount(buyers.length);
      for (const release of await ofTranche.all()) {
        const toSeller = release.getByRole('row').filter({ hasText: `Vendedor · ${seller.companyName}` });
        await expect(toSeller).toContainText(usd(tranche.net));
        await expect(toSeller).not.toContainText('-$');
        await expect(release.getByRole('row').filter({ hasText: 'Plataforma (comisión)' })).toContainText(
          usd(tranche.fee),
        );
      }
    }
    clock.lap('ledger');

    // 8. The seller's dashboard: the offer completed, nothing left in escrow.
    const sellerPage = seller.page;
    await sellerPage.goto('/seller/dashboard');
    const offer = sellerPage.getByTestId('seller-offer').filter({ hasText: title });
    await expect(offer.getByText('Liquidada', { exact: true })).toBeVisible();
    await expect(offer.getByText(`${TOTAL_TONS} / ${TOTAL_TONS} t`)).toBeVisible();
    await expect(sellerPage.locator('dt:text-is("Ofertas completadas") + dd')).toHaveText('1');
    await expect(sellerPage.getByTestId('platform-fee')).toHaveText(
      'Comisión de la plataforma: 2 % de cada pago, descontada al liberar el escrow.',
    );
    // Its payouts, net of the fee, in two tranches per order: $22,050 gross, $441 (2 %) fee, $21,609
    // net at settlement; $2,450, $49, $2,401 at the final measurement.
    await offer.getByTestId('seller-statement-link').click();
    await expect(sellerPage).toHaveURL(new RegExp(`/seller/statements/${operationId}$`));
    const payouts = sellerPage.getByTestId('seller-payout');
    await expect(payouts).toHaveCount(buyers.length * 2);
    await expect(payouts.filter({ hasText: '$441 (2 %)' })).toHaveCount(buyers.length);
    for (const payout of await payouts.filter({ hasText: '$441 (2 %)' }).all()) {
      await expect(payout).toContainText(usd(22_050));
      await expect(payout).toContainText(usd(21_609));
    }
    await expect(payouts.filter({ hasText: '$49 (2 %)' })).toHaveCount(buyers.length);
    for (const payout of await payouts.filter({ hasText: '$49 (2 %)' }).all()) {
      await expect(payout).toContainText(usd(2_450));
      await expect(payout).toContainText(usd(2_401));
    }
    await expect(sellerPage.getByTestId('seller-fee-total')).toHaveText('$1,470');
    await expect(sellerPage.getByTestId('seller-net-total')).toHaveText('$72,030');
    clock.lap('seller statement');

    // 9. Each buyer's operation room shows every step completed, with its date and documents.
    await Promise.all(buyers.map((buyer) => expectCompletedOperationRoom(buyer.page, operationId, stepDate)));
    clock.lap('dashboards and operation rooms');
    clock.total();

    await Promise.all([adminContext, seller.context, ...buyers.map((buyer) => buyer.context)].map((c) => c.close()));
  });
});

async function expectCompletedOperationRoom(page: Page, operationId: string, stepDate: string) {
  await page.goto(`/operation/${operationId}/waiting`);
  // Three buyers' operation rooms load at once: on a loaded CI machine one took longer than the default 7 s.
  await expect(page.getByTestId('operation-room-payment-status')).toHaveText('Confirmado', { timeout: 20_000 });
  await expect(page.getByText('Liberados al vendedor', { exact: true })).toBeVisible();
  const day = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(stepDate));
  const steps = ['confirmed', 'allocation', 'shipment_preparation', 'departure', 'arrival', 'inspection', 'settlement'];
  for (const key of steps) {
    await expect(page.getByTestId(`timeline-${key}`)).toHaveAttribute('data-state', 'completed');
  }
  for (const key of ['shipment_preparation', 'departure', 'arrival', 'inspection', 'settlement']) {
    await expect(page.getByTestId(`timeline-${key}`)).toContainText(`Completado el ${day}`);
  }
  for (const [key, label] of [
    ['departure', 'Ver el conocimiento de embarque'],
    ['inspection', 'Ver el informe de inspección'],
  ] as const) {
    const link = page.getByTestId(`timeline-${key}`).getByRole('link', { name: label });
    await expect(link).toHaveAttribute('href', `/api/operations/${operationId}/milestones/${key}/document`);
    const response = await page.request.get((await link.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
  }
}
