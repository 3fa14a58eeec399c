import { type FastifyInstance, type RouteOptions } from 'fastify';

/** Marks the second registration of a route, so the hook does not alias its own aliases. */
const LEGACY = Symbol('legacy path');

/**
 * The path a route answered at before its concept took the glossary's word (issue 26, docs/glossary.md):
 * `/orders/:id` was `/participations/:id`, `/operations/:id/order-form` was
 * `/operations/:id/participation-form` (orders were called participations), `/operations/:id/room` was
 * `/operations/:id/deal-room` (the operation room was the deal room). Null for a path that never had
 * another name.
 */
export function legacyPath(path: string): string | null {
  const legacy = path
    .replace(/\/orders(?=\/|$)/g, '/participations')
    .replace(/\/order-form(?=\/|$)/g, '/participation-form')
    .replace(/^\/operations\/:id\/room(?=\/|$)/, '/operations/:id/deal-room');
  return legacy === path ? null : legacy;
}

/** The path of today's route for an old one (`/participations/:id` → `/orders/:id`); others as they are. */
export function currentPath(path: string): string {
  return path
    .replace(/\/participations(?=\/|$)/g, '/orders')
    .replace(/\/participation-form(?=\/|$)/g, '/order-form')
    .replace(/^(\/api)?\/operations\/:id\/deal-room(?=\/|$)/, '$1/operations/:id/room');
}

/**
 * Registers every route the plugin declares after this call a second time under its old path (same
 * handler, access and schema), marked deprecated in the OpenAPI document, so a client written against
 * `/api/participations…` or `/api/operations/{id}/deal-room` keeps working while it moves to the new path.
 */
export function answerLegacyPaths(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const config = route.config as { [LEGACY]?: true } | undefined;
    if (config?.[LEGACY]) return;
    const routePath = (route as { routePath?: string }).routePath ?? route.url;
    const legacy = legacyPath(routePath);
    if (!legacy || route.method === 'HEAD') return;
    const {
      url: _url,
      path: _path,
      prefix: _prefix,
      routePath: _routePath,
      ...rest
    } = route as RouteOptions & {
      path?: string;
      prefix?: string;
      routePath?: string;
    };
    const schema = route.schema ? { ...route.schema, deprecated: true } : { deprecated: true };
    app.route({
      ...rest,
      url: legacy,
      schema: {
        ...schema,
        description: `Deprecated: the old path of ${route.url} (before docs/glossary.md's word); same answer.`,
      },
      config: { ...(route.config as object), [LEGACY]: true } as RouteOptions['config'],
    });
  });
}
