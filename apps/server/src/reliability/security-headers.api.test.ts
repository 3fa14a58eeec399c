import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';

/** Production answers of every kind carry HSTS beside the headers every environment sends. */
describe('security headers in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: 'true' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const requests: [string, string][] = [
    ['a JSON answer', '/api/health'],
    ['a refusal', '/api/session'],
    ['an unknown API route', '/api/nope'],
    ['a validation error', '/api/operations?limit=1000'],
    ['a malformed URL (answered before any hook)', '/api/operations/%E0%A4%A'],
    ['a path parameter longer than any URL Node accepts', `/api/operations/${'a'.repeat(20_000)}`],
  ];

  it.each(requests)('%s', async (_label, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    if (response.statusCode >= 400) {
      expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });
});
