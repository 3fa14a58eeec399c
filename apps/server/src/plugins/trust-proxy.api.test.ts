import { type FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, sameOriginHeaders } from '../test/test-app';
import { RATE_LIMITS } from './rate-limit';

const EMAIL = 'comprador@tradeops.demo';

/** What the app believes about the caller. */
const probeRoutes: FastifyPluginAsync = async (api) => {
  api.get('/test/caller', { config: { access: 'public' } }, async (request) => ({
    ip: request.ip,
    protocol: request.protocol,
  }));
};

function failSignIn(t: TestApp, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { ...sameOriginHeaders(), 'x-forwarded-for': forwardedFor },
    payload: { email: EMAIL, password: 'not-the-password' },
  });
}

/**
 * Uses up the per-address sign-in bucket of `address` through the limiter itself (fifty real
 * failures would hash fifty passwords), then checks that a sign-in from there is refused.
 */
async function exhaustSignIn(t: TestApp, address: string, forwardedFor: string) {
  const rule = RATE_LIMITS.signInAddress;
  for (let point = 0; point < rule.points; point += 1) await t.app.rateLimits.consume([rule, address]);
  expect((await failSignIn(t, forwardedFor)).statusCode).toBe(429);
}

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' }, extraApiRoutes: probeRoutes });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the client address and scheme from X-Forwarded-For and X-Forwarded-Proto', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/caller',
      headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.5', 'x-forwarded-proto': 'https' },
    });
    // One trusted hop: the address the proxy saw (the last one), not what the client claimed before it.
    expect(response.json()).toEqual({ ip: '203.0.113.5', protocol: 'https' });
  });

  it('keeps separate sign-in rate-limit buckets for clients behind the same proxy', async () => {
    await exhaustSignIn(t, '203.0.113.10', '203.0.113.10');
    expect((await failSignIn(t, '203.0.113.20')).statusCode).toBe(401);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ extraApiRoutes: probeRoutes });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores X-Forwarded-For and X-Forwarded-Proto', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/caller',
      headers: { 'x-forwarded-for': '203.0.113.5', 'x-forwarded-proto': 'https' },
    });
    expect(response.json()).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });

  it('does not let a forged X-Forwarded-For open a fresh sign-in bucket', async () => {
    // The socket's address is the key, whatever the header claims.
    await exhaustSignIn(t, '127.0.0.1', '203.0.113.10');
    expect((await failSignIn(t, '203.0.113.20')).statusCode).toBe(429);
  });
});
