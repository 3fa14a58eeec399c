import { type PublishDeal, expect, test } from '../support/deals';
import { loginAs } from '../support/login';

/** A context's first page: the lazy route and its data, under CI's load on 2 cores. */
const FIRST_LOAD = { timeout: 30_000 };

/** The seeded seller's deal, 20 t at $600/t: no orders yet. */
async function mandarins(publishDeal: PublishDeal): Promise<string> {
  const deal = await publishDeal({
    title: 'Mandarinas frescas',
    productName: 'Mandarins',
    productCategory: 'fruit',
    totalTons: 20,
    minVolume: 5,
    priceUsd: 600,
  });
  return deal.id;
}

test.describe('operation room messages', () => {
  // Each test publishes its deal first (two sign-ins, an offer, its approval), then opens the pages.
  test.describe.configure({ timeout: 60_000 });

  test('the seller and the platform talk in the operation room; each sees the other live', async ({
    browser,
    baseURL,
    publishDeal,
  }) => {
    const operationId = await mandarins(publishDeal);
    const sellerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    await loginAs(seller, 'seller', baseURL);
    await seller.goto(`/operation/${operationId}/waiting`);
    await expect(seller.getByText('Ves esta sala como vendedor de la operación.')).toBeVisible(FIRST_LOAD);
    await expect(seller.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true');

    const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const admin = await adminContext.newPage();
    await loginAs(admin, 'admin', baseURL);
    await admin.goto(`/operation/${operationId}/waiting`);
    await expect(admin.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true', FIRST_LOAD);
    await admin.getByLabel('Escribe un mensaje').fill('Los fondos de los participantes quedan en custodia.');
    await admin.getByRole('button', { name: 'Enviar' }).click();
    await expect(admin.getByLabel('Escribe un mensaje')).toHaveValue('');

    const sellerThread = seller.getByTestId('operation-room-messages');
    await expect(sellerThread.getByText('Los fondos de los participantes quedan en custodia.')).toBeVisible();
    await expect(sellerThread.getByText(/^TradeOps ·/)).toBeVisible();

    await seller.getByLabel('Escribe un mensaje').fill('Gracias. La carga estará lista tras la asignación.');
    await seller.getByRole('button', { name: 'Enviar' }).click();
    const adminThread = admin.getByTestId('operation-room-messages');
    await expect(adminThread.getByText('Gracias. La carga estará lista tras la asignación.')).toBeVisible();
    await expect(adminThread.getByText(/Martín Olivera · Vendedor/)).toBeVisible();

    await sellerContext.close();
    await adminContext.close();
  });

  test('a signed-in buyer with no order in the deal is told so and sent to the operation', async ({
    page,
    baseURL,
    publishDeal,
  }) => {
    const operationId = await mandarins(publishDeal);
    await loginAs(page, 'buyer', baseURL);
    await page.goto(`/operation/${operationId}/waiting`);
    await expect(page.getByRole('alert')).toContainText('No participas en esta operación', FIRST_LOAD);
    await expect(page.getByRole('alert')).not.toContainText('No pudimos cargar los detalles de la operación');
  });
});
