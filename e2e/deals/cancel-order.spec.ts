import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '../support/deals';
import { TERMS_VERSION } from '@tradeops/shared';
import { expectNoSeriousAxeViolation } from '../support/axe';
import { loginAs, originHeaders } from '../support/login';

async function availableTons(request: APIRequestContext, operationId: string): Promise<number> {
  const response = await request.get(`/api/operations/${operationId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { availableTons: number }).availableTons;
}

test('a buyer cancels an unpaid order after a dialog naming it; its tons are back on offer at once', async ({
  page,
  baseURL,
  publishDeal,
}) => {
  test.setTimeout(90_000);
  // 20 t, orders of 5 t at least, $12,000 per ton.
  const deal = await publishDeal({ title: 'Cortes de carne premium', totalTons: 20, minVolume: 5, priceUsd: 12_000 });
  const operationId = deal.id;
  await loginAs(page, 'buyer', baseURL);
  const before = await availableTons(page.request, operationId);
  const order = await page.request.post(`/api/operations/${operationId}/orders`, {
    headers: originHeaders(baseURL),
    data: { volume: 10, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
  });
  expect(order.status(), await order.text()).toBe(201);
  expect(await availableTons(page.request, operationId)).toBe(before - 10);

  await page.goto(`/operation/${operationId}/participate`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pago de tu pedido' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Cancelar mi pedido' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cancelar tu pedido?' });
  await expect(dialog).toContainText(`Cancelarás tu pedido de 10 t por $120,000 en «${deal.title}».`);
  await expectNoSeriousAxeViolation(page);
  await dialog.getByRole('button', { name: 'Sí, cancelar el pedido' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Pedido cancelado' })).toBeVisible();
  await expect(page.getByTestId('order-cancelled')).toContainText('Sus toneladas volvieron a la operación.');
  expect(await availableTons(page.request, operationId)).toBe(before);

  // The order form is open to the buyer again.
  await page.getByRole('link', { name: 'Hacer un nuevo pedido' }).click();
  await expect(page).toHaveURL(new RegExp(`/operation/${operationId}/order$`));
  await expect(page.getByLabel('Volumen (toneladas)')).toBeEditable();
});
