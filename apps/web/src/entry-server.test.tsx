// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type PageRenderRequest, renderPage } from './entry-server';

/** The API as the server answers a visitor's page render: every read fails except the session. */
function apiWhereDataFails(failing: RegExp): PageRenderRequest['fetchApi'] {
  return async (path) => {
    if (path === '/api/session') return Response.json({ user: null });
    if (failing.test(path)) {
      return Response.json({ error: { code: 'INTERNAL_ERROR', message: 'Error interno.' } }, { status: 500 });
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'No encontrado.' } }, { status: 404 });
  };
}

function pageState(stateScript: string): { queries: { queries: { queryKey: unknown[] }[] } } {
  return JSON.parse(stateScript.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
}

describe('the server renderer (entry-server.tsx)', () => {
  it('still answers a page whose loader’s query fails: 200, its own heading, the failed query left to the browser', async () => {
    const page = await renderPage({
      url: 'https://tradeops.example/operations',
      language: 'es',
      fetchApi: apiWhereDataFails(/^\/api\/operations\/catalogue/),
    });
    expect(page?.status).toBe(200);
    expect(page?.html).toMatch(/<h1[^>]*>Catálogo de operaciones<\/h1>/);
    // The failed query is not handed to the browser, which asks again.
    const keys = pageState(page!.stateScript).queries.queries.map((query) => query.queryKey);
    expect(keys).toEqual([['session']]);
  });

  it('renders in the page’s language, data included', async () => {
    const page = await renderPage({
      url: 'https://tradeops.example/about?lang=en',
      language: 'en',
      fetchApi: apiWhereDataFails(/^$/),
    });
    expect(page?.status).toBe(200);
    expect(page?.html).toMatch(/<h1[^>]*>About us<\/h1>/);
  });

  it('renders the not-found page for an unknown address, with status 404', async () => {
    const page = await renderPage({
      url: 'https://tradeops.example/no-such-page',
      language: 'es',
      fetchApi: apiWhereDataFails(/^$/),
    });
    expect(page?.status).toBe(404);
    expect(page?.html).toContain('Página no encontrada');
  });

  it('leaves a signed-in area to the browser (no server page)', async () => {
    const page = await renderPage({
      url: 'https://tradeops.example/admin/settings',
      language: 'es',
      fetchApi: apiWhereDataFails(/^$/),
    });
    expect(page).toBeNull();
  });
});
