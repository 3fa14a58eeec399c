import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '../support/deals';
import { TERMS_VERSION } from '@tradeops/shared';
import { DEMO_PASSWORD, loginAs, originHeaders } from '../support/login';

/** A second seeded buyer, KYC approved (apps/server/src/seed/demo-accounts.ts). */
const SECOND_BUYER = 'importadora.andina@tradeops.demo';

/** The orders contract (issue 6): POST /api/operations/{id}/orders. */
function placeOrder(request: APIRequestContext, baseURL: string | undefined, operationId: string, volume: number) {
  return request.post(`/api/operations/${operationId}/orders`, {
    headers: originHeaders(baseURL),
    data: { volume, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
  });
}

test.describe('live operation room', () => {
  test('the waiting page moves to full allocation without a reload when another buyer fills the operation', async ({
    browser,
    baseURL,
    publishDeal,
  }) => {
    test.setTimeout(90_000);
    // 100 t, orders of 20–50 t.
    const deal = await publishDeal({
      title: 'Soja en grano',
      productName: 'Soybeans',
      totalTons: 100,
      minVolume: 20,
      maxPerParticipantTons: 50,
      priceUsd: 420,
      sellerEmail: 'exportadora.pampa@tradeops.demo',
    });
    const operationId = deal.id;
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await loginAs(buyer, 'buyer', baseURL);

    // Buyer A takes 50 t.
    const first = await placeOrder(buyer.request, baseURL, operationId, 50);
    expect(first.status()).toBeLessThan(300);

    await buyer.goto(`/operation/${operationId}/waiting`);
    // The first page of this context: the lazy route and its data, under CI's load on 2 cores.
    await expect(buyer.getByRole('heading', { level: 1, name: deal.title })).toBeVisible({ timeout: 15_000 });
    await expect(buyer.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true');
    const allocation = buyer.getByTestId('timeline-allocation');
    await expect(allocation).toHaveAttribute('data-state', 'current');
    await expect(allocation).toContainText('En curso');
    await expect(buyer.getByTestId('operation-room-allocated')).toHaveText('50 de 100 t asignadas');

    // Buyer B, in another browser context, takes the other 50 t.
    const secondContext = await browser.newContext();
    const second = await secondContext.newPage();
    const signIn = await second.request.post('/api/auth/sign-in', {
      headers: originHeaders(baseURL),
      data: { email: SECOND_BUYER, password: DEMO_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    expect((await placeOrder(second.request, baseURL, operationId, 50)).status()).toBeLessThan(300);

    // Buyer A's page follows live: no reload, no navigation.
    const navigations: string[] = [];
    buyer.on('framenavigated', (frame) => frame === buyer.mainFrame() && navigations.push(frame.url()));
    await expect(allocation).toHaveAttribute('data-state', 'completed');
    await expect(allocation).toContainText('Completado');
    await expect(buyer.getByTestId('operation-room-allocated')).toHaveText('100 de 100 t asignadas');
    await expect(buyer.getByTestId('operation-room-participants')).toHaveText('2 participantes');
    expect(navigations).toEqual([]);

    await buyerContext.close();
    await secondContext.close();
  });
});
