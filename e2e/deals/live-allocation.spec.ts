import { type APIRequestContext, expect, test } from '../support/test';
import { TERMS_VERSION } from '@tradeops/shared';
import { demoId } from '../../apps/server/src/db/seed/demo-ids';
import { DEAL_FIXTURES } from '../support/deal-fixtures';
import { DEMO_PASSWORD, loginAs, originHeaders } from '../support/login';

/** A second seeded buyer, KYC approved (apps/server/src/db/seed/demo-accounts.ts). */
const SECOND_BUYER = 'importadora.andina@tradeops.demo';
const operationId = demoId(`operation:${DEAL_FIXTURES.liveAllocation}`);
const BUYER_A_ORDER_KEY = '6f1d2c34-8a0b-4f7e-9c11-2b5a7e0d4a01';
const BUYER_B_ORDER_KEY = '6f1d2c34-8a0b-4f7e-9c11-2b5a7e0d4a02';

/** The orders contract (issue 6): POST /api/operations/{id}/orders. */
/**
 * A fixed idempotency key per buyer: CI's retry of this test replays the order the failed attempt
 * already placed (the same 201) instead of being refused as a second order on the operation.
 */
function placeOrder(request: APIRequestContext, baseURL: string | undefined, volume: number, key: string) {
  return request.post(`/api/operations/${operationId}/orders`, {
    headers: originHeaders(baseURL),
    data: { volume, payment_method: 'wire', idempotency_key: key, terms_version: TERMS_VERSION },
  });
}

test.describe('live deal room', () => {
  test('the waiting page moves to full allocation without a reload when another buyer fills the operation', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await loginAs(buyer, 'buyer', baseURL);

    // Soybeans: 100 t, orders of 20–50 t. Buyer A takes 50 t.
    const first = await placeOrder(buyer.request, baseURL, 50, BUYER_A_ORDER_KEY);
    expect(first.status()).toBeLessThan(300);

    await buyer.goto(`/operation/${operationId}/waiting`);
    // The first page of this context: the lazy route and its data, under CI's load on 2 cores.
    await expect(buyer.getByRole('heading', { level: 1, name: 'Soja en grano' })).toBeVisible({ timeout: 15_000 });
    await expect(buyer.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true');
    const allocation = buyer.getByTestId('timeline-allocation');
    await expect(allocation).toHaveAttribute('data-state', 'current');
    await expect(allocation).toContainText('En curso');
    await expect(buyer.getByTestId('deal-room-allocated')).toHaveText('50 de 100 t asignadas');

    // Buyer B, in another browser context, takes the other 50 t.
    const secondContext = await browser.newContext();
    const second = await secondContext.newPage();
    const signIn = await second.request.post('/api/auth/sign-in', {
      headers: originHeaders(baseURL),
      data: { email: SECOND_BUYER, password: DEMO_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    expect((await placeOrder(second.request, baseURL, 50, BUYER_B_ORDER_KEY)).status()).toBeLessThan(300);

    // Buyer A's page follows live: no reload, no navigation.
    const navigations: string[] = [];
    buyer.on('framenavigated', (frame) => frame === buyer.mainFrame() && navigations.push(frame.url()));
    await expect(allocation).toHaveAttribute('data-state', 'completed');
    await expect(allocation).toContainText('Completado');
    await expect(buyer.getByTestId('deal-room-allocated')).toHaveText('100 de 100 t asignadas');
    await expect(buyer.getByTestId('deal-room-participants')).toHaveText('2 participantes');
    expect(navigations).toEqual([]);

    await buyerContext.close();
    await secondContext.close();
  });
});
