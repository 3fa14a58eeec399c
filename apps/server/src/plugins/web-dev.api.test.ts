import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';

/**
 * `npm run dev` (WEB_DEV=vite): a public page arrives rendered from the web app's source, with
 * the same head, template and page state as the production build, plus Vite's client for HMR.
 */
describe('development pages through Vite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DEV: 'vite' } });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('renders a public page on the server, as the build does, with Vite’s client', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/about?lang=en' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>About us · TradeOps</title>');
    expect(html).toMatch(/<div id="root">.*<h1[^>]*>About us<\/h1>/s);
    expect(html).toContain('<script type="application/json" id="server-page-state">');
    expect(html).toContain('/@vite/client');
  }, 120_000);

  it('serves the app’s source modules and answers an unknown page 404', async () => {
    const module = await t.app.inject({ method: 'GET', url: '/src/main.tsx' });
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toContain('javascript');
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Página no encontrada · TradeOps</title>');
  }, 60_000);
});
