/**
 * The server's renderer of public pages (docs/decisions/015-server-rendered-public-pages.md and
 * 019). Built by `vite build --ssr` into apps/web/dist-ssr and loaded by the API server
 * (apps/server/src/plugins/page-renderer.ts): the same route table, components, catalogs and
 * queries as the browser, on React and React DOM, so the HTML it sends is the page the browser
 * then hydrates rather than redraws.
 *
 * The router drives it: `createStaticHandler` runs the matched routes' loaders, which put the
 * page's queries in this request's query client (app/route-data.ts); the page then renders once,
 * with `renderToPipeableStream`, and the router's and the query cache's state go along for
 * `hydrateRoot`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { type Language } from '@tradeops/shared';
import { type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { AppProviders } from './app/provider';
import { type RouteHandle } from './app/route-handle';
import { provideRouteData } from './app/route-data';
import { routes } from './app/router';
import { type ServerPageState, serializePageState } from './app/server-page';
import { setApiTransport } from './lib/api-client';
import { ensureCatalog, i18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

/** One page request, as the server hands it over. */
export interface PageRenderRequest {
  /** The page's absolute address, built by the server from PUBLIC_URL and the request's path. */
  url: string;
  /** The page's language (the address's `?lang`, Spanish without one), as its head says. */
  language: Language;
  /** Answers a GET to the API in-process, with the visitor's cookie (their session). */
  fetchApi: (path: string, init: RequestInit) => Promise<Response>;
}

/** One rendered page, as the server's plugins/page-renderer.ts receives it (the same name there). */
export interface PageBody {
  /** The HTTP status of the page: 404 for the not-found page, 200 otherwise. */
  status: number;
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** The page's state as a JSON data block, for after `<div id="root">`. */
  stateScript: string;
}

interface CurrentRender {
  request: PageRenderRequest;
  queryClient: QueryClient;
}

const currentRender = new AsyncLocalStorage<CurrentRender>();

setApiTransport((url, init) => {
  const render = currentRender.getStore();
  if (!render) return Promise.reject(new Error(`API call outside a page render: ${url}`));
  if ((init.method ?? 'GET') !== 'GET') return Promise.reject(new Error(`A page render only reads: ${url}`));
  const headers = new Headers(init.headers);
  headers.set('Accept-Language', render.request.language);
  return render.request.fetchApi(url, { ...init, headers });
});

// Loaders find this render's query client and language; their queries are awaited here.
provideRouteData(() => {
  const render = currentRender.getStore();
  if (!render) throw new Error('A loader ran outside a page render');
  return { queryClient: render.queryClient, language: render.request.language, awaitData: true };
});

const handler = createStaticHandler(routes);

/** The deepest matched route's handle: whether the server renders the page, and its status. */
function deepestHandle(context: StaticHandlerContext): RouteHandle | undefined {
  return context.matches.at(-1)?.route.handle as RouteHandle | undefined;
}

/**
 * The i18n instance is shared (its catalogs load once per process), and a page renders in its
 * own language: one render at a time switches it and renders. Loaders, the slow part (the API),
 * run outside this queue; a render itself only reads the cache and takes milliseconds.
 */
let renderQueue: Promise<unknown> = Promise.resolve();

function inRenderQueue<T>(work: () => Promise<T>): Promise<T> {
  const result = renderQueue.then(work, work);
  renderQueue = result.catch(() => undefined);
  return result;
}

/** Renders the element once, streamed, to a string: the whole page (crawlers read no later chunk). */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}

/**
 * Renders a public page to HTML with its data. Null when the address is not a server-rendered
 * page (a signed-in area, a redirect): the browser app renders those itself.
 */
export async function renderPage(request: PageRenderRequest): Promise<PageBody | null> {
  // No retries on the server: a failed query renders its page's loading state and the browser asks again.
  const queryClient = createQueryClient({ queries: { retry: false } });
  return currentRender.run({ request, queryClient }, async () => {
    await ensureCatalog(request.language);
    const context = await handler.query(new Request(request.url));
    if (context instanceof Response) return null;
    const handle = deepestHandle(context);
    if (context.errors || handle?.serverRendered !== true) return null;

    const router = createStaticRouter(handler.dataRoutes, context);
    const html = await inRenderQueue(async () => {
      await i18n.changeLanguage(request.language);
      return renderToHtml(
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      );
    });

    const state: ServerPageState = {
      language: request.language,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      queries: dehydrate(queryClient),
    };
    return { status: handle.status ?? 200, html, stateScript: serializePageState(state) };
  });
}
