/**
 * The server's renderer of public pages (docs/decisions/015-server-rendered-public-pages.md).
 * Built by `vite build --ssr` into apps/web/dist-ssr and loaded by the API server
 * (apps/server/src/plugins/web-app.ts): the same route table, components, catalogs and
 * queries as the browser, on the same UI runtime (Preact through its React compatibility
 * layer, aliased in vite.config.ts), so the HTML it sends is the page the browser then
 * hydrates rather than redraws.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type Query } from '@tanstack/react-query';
import { type Language } from '@tradeops/shared';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { AppProviders } from './app/provider';
import { type RouteHandle } from './app/route-handle';
import { routes } from './app/router';
import { type ServerPageState, serializePageState } from './app/server-page';
import { setApiTransport } from './lib/api-client';
import { ensureCatalog, i18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

/** One page request, as the server hands it over. */
export interface PageRenderRequest {
  /** The page's absolute address (`http://host/operations?lang=en`). */
  url: string;
  /** The page's language (the address's `?lang`, Spanish without one), as its head says. */
  language: Language;
  /** Answers a GET to the API in-process, with the visitor's cookie (their session). */
  fetchApi: (path: string, init: RequestInit) => Promise<Response>;
}

/** One rendered page, as the server's plugins/page-renderer.ts receives it (the same name there). */
export interface PageBody {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** The page's state as a JSON data block, for after `<div id="root">`. */
  stateScript: string;
}

/**
 * Rendering finds the queries a page needs; they are fetched and the page rendered again, until
 * it asks for nothing new (a page whose second query depends on its first takes three passes).
 */
const MAX_RENDER_PASSES = 4;

const currentRequest = new AsyncLocalStorage<PageRenderRequest>();

setApiTransport((url, init) => {
  const request = currentRequest.getStore();
  if (!request) return Promise.reject(new Error(`API call outside a page render: ${url}`));
  if ((init.method ?? 'GET') !== 'GET') return Promise.reject(new Error(`A page render only reads: ${url}`));
  const headers = new Headers(init.headers);
  headers.set('Accept-Language', request.language);
  return request.fetchApi(url, { ...init, headers });
});

const handler = createStaticHandler(routes);

function isServerRendered(context: StaticHandlerContext): boolean {
  const deepest = context.matches.at(-1);
  return (deepest?.route.handle as RouteHandle | undefined)?.serverRendered === true;
}

/** A query a render asked for and nobody fetched yet (not one its component switched off). */
function isWaiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * Renders a public page to HTML with its data. Null when the address is not a server-rendered
 * page (a signed-in area, a redirect, an unknown route): the browser app renders those itself.
 */
export async function renderPage(request: PageRenderRequest): Promise<PageBody | null> {
  return currentRequest.run(request, async () => {
    const context = await handler.query(new Request(request.url));
    if (context instanceof Response || context.errors || !isServerRendered(context)) return null;
    await ensureCatalog(request.language);

    // No retries on the server: a failed query renders its page's loading state and the browser asks again.
    const queryClient = createQueryClient({ queries: { retry: false } });
    const router = createStaticRouter(handler.dataRoutes, context);
    const renderPass = () => {
      // A pass is synchronous (code loaded on demand renders in the browser only: useMounted), so the
      // shared i18n instance, whose catalogs are all loaded here, stays in this page's language throughout.
      void i18n.changeLanguage(request.language);
      return renderToString(
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      );
    };

    let html = renderPass();
    for (let pass = 1; pass < MAX_RENDER_PASSES; pass++) {
      const waiting = queryClient.getQueryCache().getAll().filter(isWaiting);
      if (waiting.length === 0) break;
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      html = renderPass();
    }

    const state: ServerPageState = {
      language: request.language,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      queries: dehydrate(queryClient),
    };
    return { html, stateScript: serializePageState(state) };
  });
}
