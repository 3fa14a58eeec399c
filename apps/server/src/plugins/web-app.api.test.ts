import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';

const INDEX_HTML = '<!doctype html><html><body><div id="root" data-test="spa-shell"></div></body></html>';

describe('HTTP surface', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'tradeops-web-dist-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
    await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  describe('single-page app', () => {
    it('answers a deep link with index.html, never cached', async () => {
      for (const url of ['/operations?page=2', '/admin/kyc', '/kyc-cuenta/pendiente?x=1', '/']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain('spa-shell');
      }
    });

    it('serves hashed assets with an immutable cache and other files with a short one', async () => {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.body).toContain('console.log');
      const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('answers a missing asset or file with 404, not with the app shell', async () => {
      for (const url of ['/assets/gone-123.js', '/images/ops/missing.webp', '/robots-missing.txt']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('spa-shell');
      }
    });
  });

  describe('API not found', () => {
    it('answers /api/nope, /metrics (no token configured) and /healthz with JSON 404, never the app shell', async () => {
      for (const url of ['/api/nope', '/metrics', '/healthz', '/healthz/']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/^application\/json/);
        expect(response.body, url).not.toContain('spa-shell');
        expect(response.json().error.code, url).toMatch(/NOT_FOUND$/);
      }
    });

    it('answers an unknown /api route with 404 JSON in the request language', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'ROUTE_NOT_FOUND', message: 'Esta ruta de la API no existe.' },
      });
      const english = await t.app.inject({
        method: 'POST',
        url: '/api/operations/x',
        headers: { 'accept-language': 'en' },
      });
      expect(english.statusCode).toBe(404);
      expect(english.json()).toEqual({ error: { code: 'ROUTE_NOT_FOUND', message: 'This API route does not exist.' } });
    });

    it('answers a non-GET outside the API with 404 JSON', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/operation/abc' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });
  });

  describe('security headers', () => {
    it('sends a strict CSP, nosniff, a referrer policy and no HSTS outside production', async () => {
      for (const url of ['/api/health', '/operation/abc']) {
        const response = await t.app.inject({ method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("img-src 'self' data: blob:");
        expect(csp).toContain("style-src 'self' 'unsafe-inline'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });
  });

  describe('OpenAPI', () => {
    it('publishes the document at /api/openapi.json with the operations route', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(document.openapi).toMatch(/^3\./);
      expect(document.paths['/api/operations']?.get).toBeDefined();
      expect(document.paths['/api/health']?.get).toBeDefined();
      expect(document.paths['/api/stats']?.get).toBeDefined();
      expect(JSON.stringify(document.paths['/api/operations'])).toContain('"limit"');
    });

    it('serves the browsable reference at /api/docs', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
      const page =
        response.statusCode === 302 ? await t.app.inject({ method: 'GET', url: response.headers.location! }) : response;
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('swagger-ui');
    });
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the visitor to run npm run build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/operation/abc' });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm run build');
  });

  it('keeps serving the API', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 from health once the database is gone', async () => {
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    const list = await t.app.inject({ method: 'GET', url: '/api/operations' });
    expect(list.statusCode).toBe(503);
    expect(list.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
  });
});
