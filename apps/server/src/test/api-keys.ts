import { type ApiKeyScope, type CreatedApiKey } from '@tradeops/shared';
import { expect } from 'vitest';
import { type TestApp } from './test-app';

/** The headers of a request made with an API key. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A new API key of the signed-in company (POST /api/account/api-keys), with the key itself. */
export async function createApiKey(
  t: TestApp,
  session: Record<string, string>,
  scope: ApiKeyScope,
  name = `ERP ${scope}`,
): Promise<CreatedApiKey> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/api-keys',
    headers: session,
    payload: { name, scope },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CreatedApiKey;
}
