import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REQUEST_ID_HEADER } from './request-id';

/** A public page as the web renderer (apps/web/src/entry-server.tsx) returns it. */
export interface PageBody {
  /** The page's HTTP status: 404 for the not-found page (an unknown address), 200 otherwise. */
  status: number;
  /** The markup inside `<div id="root">`. */
  html: string;
  /** The `<script type="application/json">` with the state the browser takes the page over with. */
  stateScript: string;
}

/** The web renderer's module, as built by `vite build --ssr` into apps/web/dist-ssr (or loaded by Vite in development). */
export interface WebRendererModule {
  renderPage(request: {
    url: string;
    language: string;
    fetchApi: (path: string, init: RequestInit) => Promise<Response>;
  }): Promise<PageBody | null>;
}

export type RenderPageBody = (request: FastifyRequest, language: string) => Promise<PageBody | null>;

/** Request headers a page's API calls carry over from the page request: who is asking. */
const FORWARDED_HEADERS = ['cookie', 'user-agent'] as const;

/**
 * Loads the web build's page renderer, if there is one (null without a server build: the app
 * shell goes out). The module loads on the first page asked for.
 */
export function loadBuiltPageRenderer(
  app: FastifyInstance,
  webSsrDir: string,
  publicUrl: string,
): RenderPageBody | null {
  const entry = join(webSsrDir, 'entry-server.js');
  if (!existsSync(entry)) {
    app.log.warn({ entry }, 'no server renderer built: public pages go out as the app shell');
    return null;
  }
  let loading: Promise<WebRendererModule> | null = null;
  return connectPageRenderer(
    app,
    () => (loading ??= import(pathToFileURL(entry).href) as Promise<WebRendererModule>),
    publicUrl,
  );
}

/**
 * Connects a page renderer to this server: the page's API calls are answered in-process
 * (`app.inject`: the same routes, validation, session and caches as over the network, without a
 * socket), with the visitor's cookie, so a signed-in buyer's page is rendered as they will see
 * it, and under the page request's id (X-Request-Id), so their log lines belong to the page's.
 *
 * The page's address is PUBLIC_URL and the request's path: never the Host or X-Forwarded-Host
 * header, which a client chooses (a rendered page a cache keeps must not follow them).
 */
export function connectPageRenderer(
  app: FastifyInstance,
  loadRenderer: () => Promise<WebRendererModule>,
  publicUrl: string,
): RenderPageBody {
  return async (request, language) => {
    const renderer = await loadRenderer();
    const forwarded: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') forwarded[name] = value;
    }
    const fetchApi = async (path: string, init: RequestInit): Promise<Response> => {
      const headers = {
        ...forwarded,
        ...Object.fromEntries(new Headers(init.headers)),
        [REQUEST_ID_HEADER]: request.id,
      };
      const answer = await app.inject({ method: 'GET', url: path, headers });
      const body = answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.rawPayload;
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      return new Response(body, { status: answer.statusCode, headers: responseHeaders });
    };
    return renderer.renderPage({ url: pageUrl(publicUrl, request.url), language, fetchApi });
  };
}

/**
 * The page's absolute address: the site's public origin (PUBLIC_URL) and the request's path and
 * query. A request line such as `//elsewhere/x` stays a path on this site.
 */
export function pageUrl(publicUrl: string, requestUrl: string): string {
  const origin = new URL(publicUrl).origin;
  const path = requestUrl.startsWith('/') ? requestUrl : `/${requestUrl}`;
  return new URL(`${origin}${path}`).href;
}
