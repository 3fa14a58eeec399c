import { expect, test } from '../support/deals';
import { expectNoSeriousAxeViolation } from '../support/axe';
import { PDF_FILE } from '../support/kyc-files';
import { loginAs } from '../support/login';

test('a buyer orders, uploads the proof, an admin confirms, and the buyer sees the payment confirmed', async ({
  page,
  browser,
  baseURL,
  publishDeal,
}) => {
  test.setTimeout(120_000);
  // Refined sugar, 50 t, orders of 10–25 t, lots of 5 t, $620/t.
  const { id: operationId } = await publishDeal({
    title: 'Azúcar refinada ICUMSA 45',
    productName: 'Refined Sugar',
    productCategory: 'sugar',
    totalTons: 50,
    minVolume: 10,
    maxPerParticipantTons: 25,
    priceUsd: 620,
    sellerEmail: 'cooperativa.sul@tradeops.demo',
  });
  await loginAs(page, 'buyer', baseURL);

  // The order page: the default is the least this operation takes (10 t); lots of 5 t.
  await page.goto(`/operation/${operationId}/order`);
  await expect(page.getByRole('heading', { level: 1, name: 'Participar en la operación' })).toBeVisible();
  const volume = page.getByLabel('Volumen (toneladas)');
  await expect(volume).toHaveValue('10');
  const total = page.getByTestId('order-total');
  await expect(total).toContainText(/6[.,\s]?200/);
  await volume.fill('12');
  await expect(page.getByText('El volumen debe ir en incrementos de 5 toneladas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar pedido' })).toBeDisabled();
  await page.getByRole('button', { name: 'Aumentar el volumen en 5 t' }).click();
  await expect(volume).toHaveValue('15');
  await expect(total).toContainText(/9[.,\s]?300/);
  await page.getByRole('radio', { name: /Efectivo/ }).check();
  await expectNoSeriousAxeViolation(page);
  // The order needs the terms accepted: without the box ticked nothing is sent and the page says why.
  await expect(page.getByRole('link', { name: 'acuerdo de escrow', exact: true })).toHaveAttribute(
    'href',
    '/escrow-agreement',
  );
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  await expect(
    page.getByText('Acepta los términos de servicio, la política de privacidad y el acuerdo de escrow para continuar.'),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/operation/${operationId}/order$`));
  await page.getByTestId('terms-acceptance').check();
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();

  // The participate page: instructions, reference, amount, 33 %.
  await expect(page).toHaveURL(new RegExp(`/operation/${operationId}/participate$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Pago de tu pedido' })).toBeVisible();
  const reference = (await page.getByTestId('payment-reference').innerText()).trim();
  expect(reference).toMatch(/^TO-[2-9A-HJKMNP-TV-Z]{10}$/);
  await expect(page.getByTestId('payment-amount')).toContainText(/9[.,\s]?300/);
  await expect(page.getByTestId('payment-percent')).toHaveText('33%');
  await expect(page.getByRole('progressbar', { name: 'Progreso del pago' })).toHaveAttribute('aria-valuenow', '33');
  await expect(page.getByRole('link', { name: 'Seguir la operación' })).toHaveAttribute(
    'href',
    `/operation/${operationId}/waiting`,
  );
  await expectNoSeriousAxeViolation(page);

  await page.getByTestId('proof-upload').locator('input[type="file"]').setInputFiles({
    name: 'comprobante.pdf',
    mimeType: PDF_FILE.mimeType,
    buffer: PDF_FILE.buffer,
  });
  await expect(page.getByTestId('payment-percent')).toHaveText('66%');
  await expect(page.getByText('Comprobante en verificación')).toBeVisible();

  // The admin verifies it in the back office, the proof shown in the page.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await loginAs(admin, 'admin', baseURL);
  await admin.goto('/admin/kyc');
  await admin.getByRole('link', { name: 'Verificación de pagos' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Verificación de pagos' })).toBeVisible();
  const card = admin.getByTestId(`payment-${reference}`);
  await expect(card.locator('iframe')).toHaveAttribute('title', `Comprobante de pago ${reference}`);
  await expectNoSeriousAxeViolation(admin);
  await card.getByRole('button', { name: 'Confirmar pago' }).click();
  await admin
    .getByRole('dialog', { name: 'Confirmar el pago' })
    .getByRole('button', { name: 'Sí, confirmar el pago' })
    .click();
  await expect(admin.getByRole('status')).toContainText(`Pago ${reference} confirmado`);
  await expect(card).toHaveCount(0);

  // The ledger shows the deposit held in escrow.
  await admin.goto(`/admin/operations/${operationId}/ledger`);
  await expect(admin.getByTestId('ledger-held')).toContainText(/9[.,\s]?300/);
  await adminContext.close();

  // Back on the buyer's page: confirmed, 100 %, the money held in escrow.
  await page.reload();
  await expect(page.getByTestId('payment-percent')).toHaveText('100%');
  await expect(page.getByText('Pago confirmado', { exact: true })).toBeVisible();
  await expect(page.getByTestId('escrow-state')).toHaveText(/^Retenido en escrow · \$9,300$/);
});
