import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { type Language } from '@tradeops/shared';
import { chooseLanguage } from './language';

export const DEMO_PASSWORD = 'TradeOps-Demo-2025';

/** The seeded demo accounts, one per role (docs/architecture.md, Contracts). */
export const DEMO_USERS = {
  admin: 'admin@tradeops.demo',
  buyer: 'comprador@tradeops.demo',
  seller: 'vendedor@tradeops.demo',
  kycPending: 'pendiente@tradeops.demo',
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

/** Same-origin headers for API calls made from the test (the server refuses state changes without them). */
export function originHeaders(baseURL: string | undefined): Record<string, string> {
  return { origin: new URL(baseURL ?? 'http://127.0.0.1').origin };
}

/**
 * Signs the page's browser context in as a demo role through the API (the cookie lands in the context);
 * with `language`, its pages open in that language too, as for someone who chose it before.
 */
export async function loginAs(
  page: Page,
  role: DemoRole,
  baseURL: string | undefined,
  options: { language?: Language } = {},
): Promise<void> {
  if (options.language) await chooseLanguage(page, options.language);
  await loginAsDemoEmail(page, DEMO_USERS[role], baseURL);
}

/** The same for any seeded account (apps/server/src/seed/demo-accounts.ts), all with DEMO_PASSWORD. */
export async function loginAsDemoEmail(page: Page, email: string, baseURL: string | undefined): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in', {
    headers: originHeaders(baseURL),
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status(), email).toBe(200);
}

/** The password of every account signUpFresh makes. */
export const FRESH_ACCOUNT_PASSWORD = 'Cafe-de-Origen-2025';

let counter = 0;
/** A fresh account signed up (and signed in) through the API; answers its e-mail. */
export async function signUpFresh(request: APIRequestContext, baseURL: string | undefined): Promise<string> {
  counter += 1;
  const email = `e2e-${Date.now()}-${process.pid}-${counter}@example.com`;
  const response = await request.post('/api/auth/sign-up', {
    headers: originHeaders(baseURL),
    data: {
      fullName: 'Prueba Modo',
      email,
      password: FRESH_ACCOUNT_PASSWORD,
      companyName: 'Pruebas S.A.',
      country: 'VE',
      companyType: 'trader',
    },
  });
  expect(response.status()).toBe(201);
  return email;
}
