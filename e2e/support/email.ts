import { type APIRequestContext, expect } from '@playwright/test';
import { FRESH_ACCOUNT_PASSWORD, originHeaders } from './login';

/**
 * The verification link last e-mailed to `email` (`/verify-email?token=…`),
 * read from the outbox as an admin would (`admin` is an API context signed in as one).
 */
export async function readVerificationLink(admin: APIRequestContext, email: string): Promise<string> {
  const response = await admin.get('/api/admin/outbox');
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: { to: string; text: string }[] };
  // Newest first: the mail just written is on the first page.
  for (const mail of items) {
    const link = mail.to === email.toLowerCase() ? /\/verify-email\?token=[\w.-]+/.exec(mail.text)?.[0] : undefined;
    if (link) return link;
  }
  throw new Error(`no verification link was e-mailed to ${email}`);
}

/**
 * Confirms a freshly signed-up address through its e-mailed link, through the API, then signs
 * `request` in again: the link ends every session of the account (docs/security.md).
 */
export async function confirmEmail(
  request: APIRequestContext,
  admin: APIRequestContext,
  baseURL: string | undefined,
  email: string,
  password = FRESH_ACCOUNT_PASSWORD,
): Promise<void> {
  const link = await readVerificationLink(admin, email);
  const token = new URL(link, 'http://x').searchParams.get('token');
  const headers = originHeaders(baseURL);
  const response = await request.post('/api/auth/email/verify', { headers, data: { token } });
  expect(response.status(), await response.text()).toBe(200);
  const signIn = await request.post('/api/auth/sign-in', { headers, data: { email, password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
}
