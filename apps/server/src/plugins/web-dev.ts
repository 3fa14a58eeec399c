import { type FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type RenderPageBody, type WebRendererModule, connectPageRenderer } from './page-renderer';

/** What the web app's pages need from Vite in development. */
export interface DevWeb {
  /** index.html for an address, with Vite's client (HMR, React Refresh) injected. */
  indexHtml(url: string): Promise<string>;
  /** The page renderer: apps/web/src/entry-server.tsx, loaded (and reloaded on change) by Vite. */
  renderPageBody: RenderPageBody;
}

/** The server's own paths, never Vite's (Vite answers the app's modules, its client and the public folder's files). */
function isServerPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/metrics' || path === '/healthz';
}

/**
 * `npm run dev`: the web app served by this server through Vite in middleware mode, so a public
 * page arrives rendered by the same entry-server.tsx, head and template as in production (and a
 * hydration mismatch shows while coding). Vite answers its own requests (modules, HMR over this
 * server's socket); pages and the API stay this server's. Vite is a development dependency, loaded
 * only here.
 */
export async function startDevWeb(app: FastifyInstance, webRoot: string, publicUrl: string): Promise<DevWeb> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: app.server } },
  });
  app.addHook('onClose', async () => vite.close());
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isServerPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const handled = await new Promise<boolean>((resolve) => {
      reply.raw.once('finish', () => resolve(true));
      vite.middlewares(request.raw, reply.raw, () => resolve(false));
    });
    if (handled) reply.hijack();
  });
  const indexPath = join(webRoot, 'index.html');
  return {
    indexHtml: async (url) => vite.transformIndexHtml(url, await readFile(indexPath, 'utf8')),
    renderPageBody: connectPageRenderer(
      app,
      () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<WebRendererModule>,
      publicUrl,
    ),
  };
}
