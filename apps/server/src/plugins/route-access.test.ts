import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeAccessPlugin } from './route-access';

describe('route access markers', () => {
  it('refuses to start with an API route that does not say who may call it', async () => {
    const app = Fastify();
    await app.register(routeAccessPlugin);
    await expect(
      app.register(async (api) => {
        api.get('/api/secret', async () => 'open by accident');
      }),
    ).rejects.toThrow('GET /api/secret declares no access');
    await app.close();
  });

  it('accepts marked API routes and marks pages outside the API public', async () => {
    const app = Fastify();
    await app.register(routeAccessPlugin);
    const seen: Record<string, unknown> = {};
    app.addHook('onRoute', (route) => {
      seen[route.url] = (route.config as { access?: string } | undefined)?.access;
    });
    app.get('/api/stats', { config: { access: 'public' } }, async () => ({}));
    app.get('/about', async () => 'page');
    await app.ready();
    expect(seen).toMatchObject({ '/api/stats': 'public', '/about': 'public' });
    await app.close();
  });
});
