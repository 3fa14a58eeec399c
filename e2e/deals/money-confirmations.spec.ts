import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page, expect, test } from '../support/deals';
import { TERMS_VERSION } from '@tradeops/shared';
import { PDF_FILE } from '../support/kyc-files';
import { loginAs, originHeaders } from '../support/login';
import { chooseLanguage } from '../support/language';

/**
 * Issue 16 (item 5): money moves only after a yes. Confirming a payment and cancelling an operation
 * open a dialog naming the amount and the party; going back changes nothing. (Settling asks the same
 * way: e2e/deals/full-flow.spec.ts answers its dialog.)
 */

const CASES = [
  {
    language: 'es',
    // $230/t, orders of 25 t at least.
    deal: {
      title: 'Maíz amarillo',
      titleEn: 'Yellow corn',
      productName: 'Yellow Corn',
      productCategory: 'grains',
      totalTons: 150,
      minVolume: 25,
      maxPerParticipantTons: 75,
      priceUsd: 230,
    },
    volume: 25,
    amount: '$5,750',
    text: {
      confirm: 'Confirmar pago',
      dialog: 'Confirmar el pago',
      question: (company: string, title: string) =>
        `¿Confirmar el pago de $5,750 de ${company} al escrow de «${title}»?`,
      yes: 'Sí, confirmar el pago',
      back: 'No, volver',
      confirmed: 'confirmado',
      cancelSummary: 'Cancelar la operación',
      reason: 'Motivo',
      cancelSubmit: 'Cancelar y reembolsar',
      cancelDialog: (title: string) => `¿Cancelar «${title}»?`,
      refunds: 'Cancelar: se reembolsarán $5,750 a 1 comprador',
      cancelYes: 'Sí, cancelar la operación',
      cancelled: 'Cancelada',
    },
  },
  {
    language: 'en',
    // $650/t, orders of 10 t at least.
    deal: {
      title: 'Arroz largo fino',
      titleEn: 'Long-grain rice',
      productName: 'Long Grain Rice',
      productCategory: 'grains',
      totalTons: 60,
      minVolume: 10,
      maxPerParticipantTons: 30,
      priceUsd: 650,
    },
    volume: 10,
    amount: '$6,500',
    text: {
      confirm: 'Confirm payment',
      dialog: 'Confirm the payment',
      question: (company: string, title: string) =>
        `Confirm the payment of $6,500 from ${company} into the escrow of “${title}”?`,
      yes: 'Yes, confirm the payment',
      back: 'No, go back',
      confirmed: 'confirmed',
      cancelSummary: 'Cancel the operation',
      reason: 'Reason',
      cancelSubmit: 'Cancel and refund',
      cancelDialog: (title: string) => `Cancel “${title}”?`,
      refunds: 'Cancel: $6,500 will be refunded to 1 buyer',
      cancelYes: 'Yes, cancel the operation',
      cancelled: 'Cancelled',
    },
  },
] as const;

async function paymentStatus(buyer: APIRequestContext, orderId: string): Promise<string> {
  const response = await buyer.get(`/api/orders/${orderId}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { order?: { paymentStatus: string }; paymentStatus?: string };
  return body.order?.paymentStatus ?? body.paymentStatus ?? '';
}

async function operationStatus(admin: Page, operationId: string): Promise<string> {
  const response = await admin.request.get(`/api/admin/operations/${operationId}/control`);
  const body = (await response.json()) as { operation: { status: string } };
  return body.operation.status;
}

for (const { language, deal: dealRequest, volume, text } of CASES) {
  test(`confirming a payment and cancelling the operation ask first, naming amount and party (${language})`, async ({
    page,
    browser,
    baseURL,
    publishDeal,
  }) => {
    test.setTimeout(240_000);
    const deal = await publishDeal(dealRequest);
    const operationId = deal.id;
    const title = language === 'es' ? deal.title : deal.titleEn;

    // The buyer orders and sends the proof (the order flow itself: participate-and-pay.spec.ts).
    await loginAs(page, 'buyer', baseURL);
    const placed = await page.request.post(`/api/operations/${operationId}/orders`, {
      headers: originHeaders(baseURL),
      data: { volume, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
    });
    expect(placed.status()).toBeLessThan(300);
    const { order } = (await placed.json()) as { order: { id: string; paymentReference: string } };
    const proof = await page.request.post(`/api/orders/${order.id}/proof`, {
      headers: originHeaders(baseURL),
      multipart: { file: { name: 'comprobante.pdf', mimeType: PDF_FILE.mimeType, buffer: PDF_FILE.buffer } },
    });
    expect(proof.status()).toBeLessThan(300);

    const adminContext = await browser.newContext({ baseURL });
    await chooseLanguage(adminContext, language);
    const admin = await adminContext.newPage();
    await loginAs(admin, 'admin', baseURL);

    // Confirm payment: the dialog names amount, buyer company and operation; going back moves nothing.
    await admin.goto('/admin/payments');
    const card = admin.getByTestId(`payment-${order.paymentReference}`);
    await card.getByRole('button', { name: text.confirm }).click({ timeout: 45_000 });
    const dialog = admin.getByRole('dialog', { name: text.dialog });
    const company = (await card.locator('dd').first().innerText()).split('·')[1]?.split('\n')[0]?.trim() ?? '';
    expect(company).not.toBe('');
    await expect(dialog).toContainText(text.question(company, title));
    await dialog.getByRole('button', { name: text.back }).click();
    await expect(dialog).toHaveCount(0);
    expect(await paymentStatus(page.request, order.id)).toBe('verification');

    await card.getByRole('button', { name: text.confirm }).click();
    await dialog.getByRole('button', { name: text.yes }).click();
    await expect(admin.getByRole('status').filter({ hasText: order.paymentReference })).toContainText(text.confirmed);
    await expect.poll(() => paymentStatus(page.request, order.id)).toBe('confirmed');

    // Cancel the operation: the dialog names the refund and how many buyers; going back cancels nothing.
    await admin.goto(`/admin/operations/${operationId}`);
    await admin.getByText(text.cancelSummary, { exact: true }).click({ timeout: 45_000 });
    await admin.getByLabel(text.reason, { exact: true }).fill('E2E: the seller cannot ship');
    await admin.getByRole('button', { name: text.cancelSubmit }).click();
    const cancelDialog = admin.getByRole('dialog', { name: text.cancelDialog(title) });
    await expect(cancelDialog).toContainText(text.refunds);
    await cancelDialog.getByRole('button', { name: text.back }).click();
    await expect(cancelDialog).toHaveCount(0);
    expect(await operationStatus(admin, operationId)).not.toBe('cancelled');

    await admin.getByRole('button', { name: text.cancelSubmit }).click();
    await cancelDialog.getByRole('button', { name: text.cancelYes }).click();
    await expect.poll(() => operationStatus(admin, operationId)).toBe('cancelled');
    await expect(admin.getByText(text.cancelled, { exact: true }).first()).toBeVisible();
    await adminContext.close();
  });
}
