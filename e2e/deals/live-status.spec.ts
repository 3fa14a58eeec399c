import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, type Page, expect, test } from '../support/deals';
import { TERMS_VERSION } from '@tradeops/shared';
import { PDF_FILE } from '../support/kyc-files';
import { loginAs, loginAsDemoEmail, originHeaders } from '../support/login';
import { chooseLanguage } from '../support/language';

/** A second seeded buyer, KYC approved (apps/server/src/seed/demo-accounts.ts). */
const SECOND_BUYER = 'importadora.andina@tradeops.demo';
const PHONE = { width: 390, height: 844 };
/** An admin's decision travels through NOTIFY and SSE, then a refetch: no reload, no polling. */
const LIVE = { timeout: 30_000 };
/** A context's first page: the lazy route and its data, under CI's load on 2 cores. */
const FIRST_LOAD = { timeout: 60_000 };

/** A wire order and its proof uploaded through the API: the order's id, in verification. */
async function orderWithProof(
  request: APIRequestContext,
  baseURL: string | undefined,
  operationId: string,
  volume: number,
  withProof = true,
): Promise<string> {
  const placed = await request.post(`/api/operations/${operationId}/orders`, {
    headers: originHeaders(baseURL),
    data: { volume, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
  });
  expect(placed.status(), await placed.text()).toBeLessThan(300);
  const { order } = (await placed.json()) as { order: { id: string } };
  if (withProof) {
    const proof = await request.post(`/api/orders/${order.id}/proof`, {
      headers: originHeaders(baseURL),
      multipart: { file: { name: 'comprobante.pdf', mimeType: PDF_FILE.mimeType, buffer: PDF_FILE.buffer } },
    });
    expect(proof.status(), await proof.text()).toBe(200);
  }
  return order.id;
}

/** An admin, signed in in a browser context of its own (a second person, in another browser). */
async function adminRequest(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginAs(page, 'admin', baseURL);
  return { context, request: page.request };
}

async function decide(
  admin: APIRequestContext,
  baseURL: string | undefined,
  orderId: string,
  decision: { confirm: true } | { reason: string },
) {
  const response = await admin.post(`/api/admin/payments/${orderId}/${'confirm' in decision ? 'confirm' : 'reject'}`, {
    headers: originHeaders(baseURL),
    data: 'confirm' in decision ? { proofRevision: 1 } : { proofRevision: 1, reason: decision.reason },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Records the main frame's navigations from now on: a live update makes none. */
function watchNavigations(page: Page): string[] {
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  return navigations;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('live, truthful deal status', () => {
  test('a confirmation reaches the participate page and the buyer dashboard without a reload (Spanish)', async ({
    page,
    browser,
    baseURL,
    publishDeal,
  }) => {
    test.setTimeout(240_000);
    // 200 t, $260/t, orders of 25 t at least
    const deal = await publishDeal({
      title: 'Trigo panadero',
      productName: 'Wheat',
      productCategory: 'grains',
      totalTons: 200,
      minVolume: 25,
      maxPerParticipantTons: 100,
      priceUsd: 260,
      sellerEmail: 'exportadora.pampa@tradeops.demo',
    });
    const operationId = deal.id;
    await loginAs(page, 'buyer', baseURL);
    const orderId = await orderWithProof(page.request, baseURL, operationId, 25);

    await page.goto(`/operation/${operationId}/participate`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pago de tu pedido' })).toBeVisible(FIRST_LOAD);
    // The heading shows while the order loads: the figures come with the data.
    await expect(page.getByTestId('payment-percent')).toHaveText('66%', FIRST_LOAD);
    await expect(page.getByText('Comprobante en verificación')).toBeVisible();
    await expect(page.getByTestId('escrow-state')).toHaveText('Aún no hay fondos en escrow');
    // The buyer's orders, in a second tab of the same browser.
    const dashboard = await page.context().newPage();
    await dashboard.goto('/buyer/operations');
    const row = dashboard.getByTestId('buyer-order').filter({ hasText: deal.title });
    await expect(row).toContainText('En verificación', FIRST_LOAD);
    // Both pages have their live stream before the decision is taken.
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true', LIVE);
    await expect(dashboard.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true', LIVE);
    const navigations = watchNavigations(page);
    const dashboardNavigations = watchNavigations(dashboard);

    const admin = await adminRequest(browser, baseURL);
    await decide(admin.request, baseURL, orderId, { confirm: true });
    await admin.context.close();

    await expect(page.getByTestId('payment-percent')).toHaveText('100%', LIVE);
    await expect(page.getByText('Pago confirmado', { exact: true })).toBeVisible();
    await expect(page.getByTestId('escrow-state')).toHaveText(/^Retenido en escrow · .*6[.,\s]?500/);
    await expect(row).toContainText('Pago confirmado', LIVE);
    await expect(row).toContainText('En escrow');
    expect(navigations).toEqual([]);
    expect(dashboardNavigations).toEqual([]);
  });

  test('a confirmation reaches the participate page without a reload (English)', async ({
    page,
    browser,
    baseURL,
    publishDeal,
  }) => {
    test.setTimeout(240_000);
    // 40 t, $1,100/t
    const deal = await publishDeal({
      title: 'Aceite de girasol crudo',
      titleEn: 'Crude sunflower oil',
      productName: 'Sunflower Oil',
      productCategory: 'oilseeds',
      totalTons: 40,
      minVolume: 10,
      maxPerParticipantTons: 20,
      priceUsd: 1_100,
    });
    const operationId = deal.id;
    await chooseLanguage(page, 'en');
    await loginAs(page, 'buyer', baseURL);
    const orderId = await orderWithProof(page.request, baseURL, operationId, 10);

    await page.goto(`/operation/${operationId}/participate`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay for your order' })).toBeVisible(FIRST_LOAD);
    // The heading shows while the order loads: the figures come with the data.
    await expect(page.getByTestId('payment-percent')).toHaveText('66%', FIRST_LOAD);
    await expect(page.getByText('Proof under verification')).toBeVisible();
    await expect(page.getByTestId('escrow-state')).toHaveText('No funds in escrow yet');
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true', LIVE);
    const navigations = watchNavigations(page);

    const admin = await adminRequest(browser, baseURL);
    await decide(admin.request, baseURL, orderId, { confirm: true });
    await admin.context.close();

    await expect(page.getByTestId('payment-percent')).toHaveText('100%', LIVE);
    await expect(page.getByText('Payment confirmed', { exact: true })).toBeVisible();
    await expect(page.getByTestId('escrow-state')).toHaveText(/^Held in escrow · \$11,000/);
    expect(navigations).toEqual([]);
  });

  test('at phone width the participate page follows the confirmation and the operation room says what is missing', async ({
    browser,
    baseURL,
    publishDeal,
  }) => {
    test.setTimeout(240_000);
    // 60 t, $560/t
    const deal = await publishDeal({
      title: 'Azúcar morena',
      productName: 'Brown Sugar',
      productCategory: 'sugar',
      totalTons: 60,
      minVolume: 10,
      maxPerParticipantTons: 30,
      priceUsd: 560,
    });
    const operationId = deal.id;
    const context = await browser.newContext({ baseURL, viewport: PHONE });
    const page = await context.newPage();
    await loginAs(page, 'buyer', baseURL);
    const orderId = await orderWithProof(page.request, baseURL, operationId, 10);
    await page.goto(`/operation/${operationId}/participate`);
    await expect(page.getByTestId('payment-percent')).toHaveText('66%', FIRST_LOAD);
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true', LIVE);
    await expectNoSidewaysScroll(page);
    const navigations = watchNavigations(page);

    const admin = await adminRequest(browser, baseURL);
    await decide(admin.request, baseURL, orderId, { confirm: true });
    await admin.context.close();
    await expect(page.getByTestId('payment-percent')).toHaveText('100%', LIVE);
    await expect(page.getByTestId('escrow-state')).toHaveText(/^Retenido en escrow/);
    expect(navigations).toEqual([]);
    await expectNoSidewaysScroll(page);

    // The operation room: paid, but 50 t are still to be reserved before the deadline (with its zone).
    await page.goto(`/operation/${operationId}/waiting`);
    await expect(page.getByTestId('timeline-confirmed')).toHaveAttribute('data-state', 'completed', FIRST_LOAD);
    await expect(page.getByTestId('timeline-allocation')).toHaveAttribute('data-state', 'current');
    await expect(page.getByTestId('timeline-funded')).toHaveAttribute('data-state', 'upcoming');
    await expect(page.getByTestId('timeline-funded')).toContainText('Fondos completos');
    await expect(page.getByTestId('timeline-shipment_preparation')).toHaveAttribute('data-state', 'upcoming');
    await expect(page.getByTestId('deal-outstanding-open')).toHaveText(/^Faltan reservar 50 t antes del .*(GMT|UTC)/);
    await expect(page.getByTestId('deal-outstanding-unpaid')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await context.close();
  });

  test('a rejection and its reason reach the participate page without a reload', async ({
    page,
    browser,
    baseURL,
    publishDeal,
  }) => {
    test.setTimeout(240_000);
    // 20 t, $9,000/t
    const deal = await publishDeal({
      title: 'Licor de cacao',
      productName: 'Cocoa Liquor',
      productCategory: 'cocoa',
      totalTons: 20,
      minVolume: 5,
      priceUsd: 9_000,
    });
    const operationId = deal.id;
    await loginAs(page, 'buyer', baseURL);
    const orderId = await orderWithProof(page.request, baseURL, operationId, 5);
    await page.goto(`/operation/${operationId}/participate`);
    await expect(page.getByTestId('payment-percent')).toHaveText('66%', FIRST_LOAD);
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true', LIVE);
    const navigations = watchNavigations(page);

    const admin = await adminRequest(browser, baseURL);
    await decide(admin.request, baseURL, orderId, { reason: 'El monto no coincide con la orden' });
    await admin.context.close();

    await expect(page.getByTestId('payment-percent')).toHaveText('33%', LIVE);
    await expect(page.getByText('Comprobante rechazado', { exact: true })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('El monto no coincide con la orden');
    // The buyer can send a new proof at once.
    await expect(page.getByTestId('proof-upload').locator('input[type="file"]')).toHaveCount(1);
    // Until the hold ends, in the viewer's time zone, named.
    await expect(page.getByText(/^Tus toneladas están reservadas hasta el .*(GMT|UTC)/)).toBeVisible();
    expect(navigations).toEqual([]);
  });

  test('a deal filled by an unpaid second buyer is allocated, not funded, and both buyers are told', async ({
    browser,
    baseURL,
    publishDeal,
  }) => {
    test.setTimeout(240_000);
    // 25 t, $5,200/t
    const deal = await publishDeal({
      title: 'Carne bovina congelada',
      productName: 'Frozen Beef',
      productCategory: 'meat',
      totalTons: 25,
      minVolume: 5,
      priceUsd: 5_200,
    });
    const operationId = deal.id;
    const buyerContext = await browser.newContext({ baseURL });
    const buyer = await buyerContext.newPage();
    await loginAs(buyer, 'buyer', baseURL);
    const paid = await orderWithProof(buyer.request, baseURL, operationId, 10);
    const admin = await adminRequest(browser, baseURL);
    await decide(admin.request, baseURL, paid, { confirm: true });
    await admin.context.close();

    await buyer.goto(`/operation/${operationId}/waiting`);
    await expect(buyer.getByRole('heading', { level: 1, name: deal.title })).toBeVisible(FIRST_LOAD);
    await expect(buyer.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true', LIVE);
    await expect(buyer.getByTestId('timeline-allocation')).toHaveAttribute('data-state', 'current');
    const navigations = watchNavigations(buyer);

    // A second buyer, in another browser, takes the last 15 t and does not pay.
    const secondContext = await browser.newContext({ baseURL });
    const second = await secondContext.newPage();
    await loginAsDemoEmail(second, SECOND_BUYER, baseURL);
    await orderWithProof(second.request, baseURL, operationId, 15, false);

    const allocation = buyer.getByTestId('timeline-allocation');
    await expect(allocation).toHaveAttribute('data-state', 'completed', LIVE);
    await expect(allocation).toContainText('Asignación completa');
    await expect(allocation).toContainText('Completado');
    const funded = buyer.getByTestId('timeline-funded');
    await expect(funded).toHaveAttribute('data-state', 'current');
    await expect(funded).toContainText('En curso');
    await expect(funded).toContainText('10 de 25 t pagadas y en escrow');
    const shipment = buyer.getByTestId('timeline-shipment_preparation');
    await expect(shipment).toHaveAttribute('data-state', 'upcoming');
    await expect(shipment).toContainText('Preparación del envío');
    await expect(shipment).not.toContainText('En curso');
    await expect(buyer.getByTestId('deal-outstanding-unpaid')).toContainText('15 t reservadas aún sin pagar');
    await expect(buyer.getByTestId('deal-outstanding-unpaid')).toContainText(/78[.,\s]?000/);
    await expect(buyer.getByTestId('deal-outstanding-unpaid')).toContainText(/GMT|UTC/);
    expect(navigations).toEqual([]);

    // Both buyers are told the deal filled: the first in the bell, live; the second in theirs.
    const filledText = `${deal.title}: se reservaron las 25 t. Faltan por pagar 15 t`;
    await buyer.getByTestId('notification-bell').click();
    await expect(buyer.getByText(filledText).first()).toBeVisible(LIVE);
    await second.goto(`/operation/${operationId}/waiting`);
    await expect(second.getByTestId('deal-outstanding-mine')).toContainText('Tu parte: 15 t', FIRST_LOAD);
    // The second buyer's bell is shared with other specs' deals (grouped per deal): read theirs from the API.
    await expect
      .poll(
        async () => {
          const response = await second.request.get('/api/notifications');
          const body = (await response.json()) as { items: { type: string; operationId: string | null }[] };
          return body.items.some((n) => n.type === 'deal.allocated' && n.operationId === operationId);
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    await buyerContext.close();
    await secondContext.close();
  });
});
