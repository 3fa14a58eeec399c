import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';
import { pageUrl } from './page-renderer';

const PUBLIC_URL = 'https://tradeops.example';
const INDEX_HTML =
  '<!doctype html><html lang="es"><head><!--page-head--><title>TradeOps</title><!--/page-head--></head><body><div id="root"></div></body></html>';

/**
 * A web renderer module as `vite build --ssr` builds it (the same `renderPage` contract as
 * apps/web/src/entry-server.tsx): it asks the API for the featured deal, as a page's loader does,
 * writes the address it was given into the page, and answers 404 for an address its routes lack.
 */
const RENDERER = `
export async function renderPage({ url, language, fetchApi }) {
  const answer = await fetchApi('/api/operations/featured', { headers: { accept: 'application/json' } });
  const known = !new URL(url).pathname.startsWith('/no-such-page');
  return {
    status: known ? 200 : 404,
    html: '<h1 data-url="' + url + '">' + language + ' ' + answer.status + '</h1>',
    stateScript: '<script type="application/json" id="server-page-state">{}</script>',
  };
}
`;

interface LogLine {
  msg: string;
  reqId?: string;
  route?: string | null;
  url?: string;
}

describe('the server renderer, as the server calls it', () => {
  let t: TestApp;
  let webDist: string;
  let webSsr: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'tradeops-web-dist-'));
    webSsr = await mkdtemp(join(tmpdir(), 'tradeops-web-ssr-'));
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(join(webSsr, 'entry-server.js'), RENDERER);
    t = await createTestApp({
      env: { WEB_DIST_DIR: webDist, WEB_SSR_DIR: webSsr, PUBLIC_URL, LOG_LEVEL: 'info' },
      logStream: { write: (message: string) => void lines.push(JSON.parse(message) as LogLine) },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
    await rm(webSsr, { recursive: true, force: true });
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('renders the page at PUBLIC_URL and the request’s path, whatever Host or X-Forwarded-Host say', async () => {
    for (const headers of [
      { host: 'evil.example:8080/operation/3f0c1d2e-0000-4000-8000-000000000000?' },
      { host: 'localhost', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/operations?lang=en', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`data-url="${PUBLIC_URL}/operations?lang=en"`);
      expect(response.body).not.toContain('evil.example');
    }
  });

  it('keeps a request line that looks like another host on this site', () => {
    expect(pageUrl(PUBLIC_URL, '//evil.example/x?y=1')).toBe(`${PUBLIC_URL}//evil.example/x?y=1`);
    expect(new URL(pageUrl(PUBLIC_URL, '//evil.example/x')).host).toBe('tradeops.example');
  });

  it('logs the page’s in-process API calls under the page request’s id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/about', headers: { 'x-request-id': 'page-7f3a' } });
    expect(response.statusCode).toBe(200);
    // The API answered the renderer (the featured deal exists in the seeded database).
    expect(response.body).toContain('es 200</h1>');
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reqId: 'page-7f3a', route: '/api/operations/featured' }),
        expect.objectContaining({ reqId: 'page-7f3a', route: null }),
      ]),
    );
  });

  it('ties the API calls to a generated page id too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/blog' });
    const pageId = String(response.headers['x-request-id']);
    const apiLines = lines.filter(
      (line) => line.msg === 'request completed' && line.route === '/api/operations/featured',
    );
    expect(apiLines.map((line) => line.reqId)).toEqual([pageId]);
  });

  it('answers an address the web app does not know with 404 and the not-found page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<title>Página no encontrada · TradeOps</title>');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(response.body).toContain('<div id="root"><h1');
  });
});
