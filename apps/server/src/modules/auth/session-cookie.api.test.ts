import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { type TestApp, createTestApp, sameOriginHeaders } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: 'true' } });
});
afterAll(async () => {
  await t.close();
});

it('sets a Secure, httpOnly, SameSite session cookie in production', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: sameOriginHeaders(),
    payload: { email: 'comprador@tradeops.demo', password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const cookie = String(response.headers['set-cookie']);
  expect(cookie).toMatch(/^__Secure-tradeops\.session_token=/);
  expect(cookie).toMatch(/;\s*Secure/i);
  expect(cookie).toMatch(/;\s*HttpOnly/i);
  expect(cookie).toMatch(/;\s*SameSite=Lax/i);
});

it('documents the account endpoints in the OpenAPI document', async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, unknown>;
  };
  for (const path of [
    '/api/session',
    '/api/auth/sign-up',
    '/api/auth/sign-in',
    '/api/auth/admin/sign-in',
    '/api/auth/sign-out',
    '/api/session/mode',
    '/api/session/revoke-all',
    '/api/auth/password/forgot',
    '/api/auth/password/reset',
    '/api/auth/password/change',
  ]) {
    expect(document.paths).toHaveProperty([path]);
  }
});
