import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraApiRoutes: async (api) => {
        api.get('/test/explode', { config: { access: 'public' } }, async () => {
          throw new Error('boom');
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('echoes a safe incoming X-Request-Id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.42:Root=1-abc' },
    });
    expect(response.headers['x-request-id']).toBe('lb-7f3a.42:Root=1-abc');
  });

  it('generates a UUID when none is sent, a new one per request', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const second = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('replaces an id that is too long or carries unsafe characters', async () => {
    for (const given of ['x'.repeat(129), 'a b', 'id"><script>', 'ünïcode', '']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
      expect(response.headers['x-request-id'], given).toMatch(UUID);
    }
    const longest = 'x'.repeat(128);
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': longest } });
    expect(kept.headers['x-request-id']).toBe(longest);
  });

  it('comes back on refusals and not-found answers', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'r-404' } });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toBe('r-404');
    // Refused by the CSRF check (no Origin), before any route runs.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'x-request-id': 'r-403' },
      payload: { email: 'a@example.com', password: 'x' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-request-id']).toBe('r-403');
    // A malformed URL fails in Fastify's router (frameworkErrors).
    const malformed = await t.app.inject({ method: 'GET', url: '/api/operations/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['x-request-id']).toMatch(UUID);
  });

  it('puts the id in a 500 body, so the person can quote it, and nothing about the failure', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/explode',
      headers: { 'x-request-id': 'quote-me-123' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('quote-me-123');
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: expect.any(String), requestId: 'quote-me-123' },
    });
    expect(response.body).not.toContain('boom');
  });

  it('keeps 4xx bodies without an id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.json().error.requestId).toBeUndefined();
  });
});
