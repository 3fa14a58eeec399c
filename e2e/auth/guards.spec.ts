import { expect, test } from '../support/test';
import { loginAs, originHeaders, signUpFresh } from '../support/login';

test.describe('guards', () => {
  for (const path of ['/buyer/dashboard', '/seller/dashboard', '/admin', '/onboarding', '/mode-select']) {
    test(`a visitor on ${path} goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
    });
  }

  test('a KYC-pending user is sent from the KYC gate to /kyc-cuenta', async ({ page, baseURL }) => {
    await loginAs(page, 'kycPending', baseURL);
    await page.goto('/buyer/dashboard');
    await expect(page).toHaveURL(/\/kyc-cuenta$/);
  });

  test('a buyer on seller pages goes to /mode-select', async ({ page, baseURL }) => {
    await loginAs(page, 'buyer', baseURL);
    await page.goto('/seller/dashboard');
    await expect(page).toHaveURL(/\/mode-select$/);
  });

  test('a non-admin on admin pages goes to /', async ({ page, baseURL }) => {
    await loginAs(page, 'seller', baseURL);
    await page.goto('/admin/kyc');
    await expect(page).not.toHaveURL(/\/admin/);
    await expect(page).toHaveURL(/\/(source-landing)?$/);
  });

  test('the server refuses a cross-site POST', async ({ request }) => {
    const response = await request.post('/api/auth/sign-in', {
      headers: { origin: 'https://evil.example' },
      data: { email: 'comprador@tradeops.demo', password: 'TradeOps-Demo-2025' },
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).error.code).toBe('CSRF_REJECTED');
  });
});

test.describe('modes', () => {
  test('choosing Source Mode saves it, survives a reload and steers /', async ({ page, baseURL }) => {
    await signUpFresh(page.request, baseURL);
    await page.goto('/mode-select');
    await page.getByRole('button', { name: /Modo Compra/ }).click();
    await expect(page).toHaveURL(/\/source-landing$/);
    await page.reload();
    const stored = await page.evaluate(() => window.localStorage.getItem('user-mode-storage'));
    expect(JSON.parse(stored ?? 'null')).toEqual({ state: { mode: 'source', hasChosenMode: true }, version: 0 });
    await page.goto('/');
    await expect(page).toHaveURL(/\/source-landing$/);
    const session = await (await page.request.get('/api/session')).json();
    expect(session.user.role).toBe('buyer');
  });

  test('choosing Supply Mode leads to the seller landing, whose button switches back', async ({ page, baseURL }) => {
    await signUpFresh(page.request, baseURL);
    await page.goto('/mode-select');
    await page.getByRole('button', { name: /Modo Venta/ }).click();
    await expect(page).toHaveURL(/\/supply-landing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vende en TradeOps' })).toBeVisible();
    const session = await (await page.request.get('/api/session', { headers: originHeaders(baseURL) })).json();
    expect(session.user.role).toBe('seller');
    await page.reload();
    await page.goto('/');
    await expect(page).toHaveURL(/\/supply-landing$/);
    await page.getByRole('button', { name: 'Cambiar a Modo Compra' }).click();
    await expect(page).toHaveURL(/\/source-landing$/);
    const after = await (await page.request.get('/api/session')).json();
    expect(after.user.role).toBe('buyer');
  });
});
