import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '../support/test';
import { TERMS_VERSION } from '@tradeops/shared';
import { demoId } from '../../apps/server/src/db/seed/demo-ids';
import { expectNoSeriousAxeViolation } from '../support/axe';
import { DEAL_FIXTURES } from '../support/deal-fixtures';
import { loginAs, originHeaders } from '../support/login';

/** Premium beef cuts: 20 t, orders of 5 t at least, $12,000 per ton. */
const operationId = demoId(`operation:${DEAL_FIXTURES.cancelOrder}`);

async function availableTons(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/operations/${operationId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { available_tons: number }).available_tons;
}

test('a buyer cancels an unpaid order after a dialog naming it; its tons are back on offer at once', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await loginAs(page, 'buyer', baseURL);
  const before = await availableTons(page.request);
  const order = await page.request.post(`/api/operations/${operationId}/orders`, {
    headers: originHeaders(baseURL),
    data: { volume: 10, payment_method: 'wire', idempotency_key: randomUUID(), terms_version: TERMS_VERSION },
  });
  expect(order.status(), await order.text()).toBe(201);
  expect(await availableTons(page.request)).toBe(before - 10);

  await page.goto(`/operation/${operationId}/participate`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pago de tu pedido' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Cancelar mi pedido' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cancelar tu pedido?' });
  await expect(dialog).toContainText('Cancelarás tu pedido de 10 t por $120,000 en «Cortes de carne premium».');
  await expectNoSeriousAxeViolation(page);
  await dialog.getByRole('button', { name: 'Sí, cancelar el pedido' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Pedido cancelado' })).toBeVisible();
  await expect(page.getByTestId('order-cancelled')).toContainText('Sus toneladas volvieron a la operación.');
  expect(await availableTons(page.request)).toBe(before);

  // The order form is open to the buyer again.
  await page.getByRole('link', { name: 'Hacer un nuevo pedido' }).click();
  await expect(page).toHaveURL(new RegExp(`/operation/${operationId}/order$`));
  await expect(page.getByLabel('Volumen (toneladas)')).toBeEditable();
});
