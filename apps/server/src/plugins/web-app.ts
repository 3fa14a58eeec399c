import fastifyStatic from '@fastify/static';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { appPlugin } from './app-plugin';
import { sendError } from './error-handler';
import { createPageTemplate } from './page-template';
import { type RenderPageBody } from './page-renderer';
import { acceptsGzip } from './read-cache';

const gzipAsync = promisify(gzip);

const MISSING_BUILD_NOTE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TradeOps</title></head>
<body><h1>The web app is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing), then restart the server.
The API is up under <a href="/api/docs">/api/docs</a>.</p></body></html>
`;

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Paths machines ask for (scrapers, probes): a missing one answers JSON, never the app shell. */
const MACHINE_PATHS: ReadonlySet<string> = new Set(['/metrics', '/healthz']);

function isMachinePath(path: string): boolean {
  return isApiPath(path) || MACHINE_PATHS.has(path.replace(/\/+$/, '') || '/');
}

/** A page's head (title, description, links, Open Graph …), its language and its status. */
export interface PageHead {
  status: number;
  head: string;
  lang: string;
}

export interface WebAppOptions {
  webDistDir: string;
  /**
   * The head of the page a request asks for; without it, index.html goes out as built.
   * `notFound`: the web app's renderer found no such page (the not-found head, 404).
   */
  renderPageHead?: (request: FastifyRequest, notFound?: boolean) => Promise<PageHead>;
  /** A public page's HTML with its data (the web build's server renderer); null: the app shell. */
  renderPageBody?: RenderPageBody | null;
  /**
   * Development: index.html as Vite serves it for this address (its client and HMR scripts
   * injected), read on every page instead of the build's; the source's files come from Vite too.
   */
  devIndexHtml?: (url: string) => Promise<string>;
}

/**
 * Serves the built single-page app: files from WEB_DIST_DIR, hashed /assets/*
 * cached for good, and index.html (never cached) for every other GET that is
 * not an API route, so deep links work on reload. Each page's index.html carries
 * that page's head (renderPageHead): link previews and crawlers read no JavaScript;
 * a public page also its content and data (renderPageBody), which the browser hydrates.
 */
export const webAppPlugin = appPlugin<WebAppOptions>(async (app, options) => {
  const { webDistDir, renderPageHead, renderPageBody, devIndexHtml } = options;
  const hasBuild = !devIndexHtml && existsSync(join(webDistDir, 'index.html'));
  const builtTemplate = hasBuild ? createPageTemplate(readFileSync(join(webDistDir, 'index.html'), 'utf8')) : null;
  const hasPages = hasBuild || devIndexHtml !== undefined;
  const templateFor = async (request: FastifyRequest) =>
    devIndexHtml ? createPageTemplate(await devIndexHtml(request.url)) : builtTemplate;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      // `/` is a page like the others (its head is rendered), not a directory listing index.html.
      index: false,
      cacheControl: false,
      // The build writes .br/.gz beside each text file (scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      // The API never falls through to a file of the same name.
      allowedPath: (pathName) => !isMachinePath(pathName),
      setHeaders: (reply, filePath) => {
        const path = relative(webDistDir, filePath).split(sep).join('/');
        if (path.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  /** index.html with the page's head (never cached: it names the current assets and data). */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const template = await templateFor(request);
    if (!template) return reply;
    reply.header('cache-control', 'no-cache');
    if (!renderPageHead)
      return devIndexHtml ? reply.type('text/html').send(template.render('', 'es')) : reply.sendFile('index.html');
    let page = await renderPageHead(request);
    const body = renderPageBody && page.status === 200 ? await renderBodyOrShell(request, page.lang) : null;
    // An address the web app's route table does not know: its not-found page, answered 404.
    if (body?.status === 404) page = await renderPageHead(request, true);
    const html = template.render(page.head, page.lang, body);
    // Rendered with the visitor's cookies, the page may carry their session, their data and their
    // language (the language cookie): no shared cache keeps it, and it varies with the cookies.
    if (request.headers.cookie) reply.header('cache-control', 'private, no-cache');
    const vary = reply.getHeader('vary');
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('vary', vary ? `${String(vary)}, Accept-Encoding, Cookie` : 'Accept-Encoding, Cookie');
    // A rendered page is tens of KB of markup: gzipped, a fifth of that crosses a phone's connection.
    if (body && acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(await gzipAsync(html, { level: 6 }));
    }
    return reply.send(html);
  }

  /** A page that cannot be rendered here (a bug, data unavailable) still works: the browser draws it. */
  async function renderBodyOrShell(request: FastifyRequest, lang: string) {
    try {
      return await renderPageBody!(request, lang);
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed: the page goes out as the app shell');
      return null;
    }
  }

  // `/` is a page like the others: the static files plugin would refuse it as a directory.
  if (hasPages) app.get('/', sendPage);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) return sendError(request, reply, 'ROUTE_NOT_FOUND');
    // /metrics without METRICS_TOKEN, a probe at a conventional path: not a page either.
    if (isMachinePath(path)) return sendError(request, reply, 'NOT_FOUND');
    // A missing hashed asset must fail loudly, not come back as HTML.
    // So must any other missing file (an image, a script): only page routes get the app shell.
    const isFilePath = /\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/') + 1));
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith('/assets/') || isFilePath) {
      return sendError(request, reply, 'NOT_FOUND');
    }
    if (!hasPages) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(MISSING_BUILD_NOTE);
    }
    return sendPage(request, reply);
  });
});
