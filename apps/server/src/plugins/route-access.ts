import { appPlugin } from './app-plugin';
import { DOCS_PREFIX } from './openapi';

/** Who may call a route; later issues add signed-in roles. A matrix test enumerates routes by it. */
export const ROUTE_ACCESS_LEVELS = ['public'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/**
 * Every API route must say who may call it: a route without `config.access`
 * fails start-up instead of shipping open by accident. Routes added by plugins
 * (the API reference pages, the SPA's static files) are public by nature.
 */
export const routeAccessPlugin = appPlugin(async (app) => {
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: RouteAccess };
    if (config.access) return;
    const isApi = route.url === '/api' || route.url.startsWith('/api/');
    if (!isApi || route.url.startsWith(DOCS_PREFIX)) {
      route.config = { ...config, access: 'public' } as typeof route.config;
      return;
    }
    throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
  });
});
