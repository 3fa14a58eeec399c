import { type FastifyInstance, type RouteOptions } from 'fastify';

/** Marks the second registration of a route, so the hook does not alias its own aliases. */
const LEGACY = Symbol('legacy order path');

/**
 * The path a route answered at before orders took their name (issue 26, docs/glossary.md):
 * `/orders/:id` was `/participations/:id`, `/operations/:id/order-form` was
 * `/operations/:id/participation-form`. Null for a path that never had another name.
 */
export function legacyOrderPath(path: string): string | null {
  const legacy = path
    .replace(/\/orders(?=\/|$)/g, '/participations')
    .replace(/\/order-form(?=\/|$)/g, '/participation-form');
  return legacy === path ? null : legacy;
}

/**
 * Registers every route the plugin declares after this call a second time under its old path (same
 * handler, access and schema), marked deprecated in the OpenAPI document, so a client written against
 * `/api/participations…` keeps working while it moves to `/api/orders…`.
 */
export function answerLegacyOrderPaths(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const config = route.config as { [LEGACY]?: true } | undefined;
    if (config?.[LEGACY]) return;
    const routePath = (route as { routePath?: string }).routePath ?? route.url;
    const legacy = legacyOrderPath(routePath);
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
        description: `Deprecated: the old path of ${route.url} (orders were called participations); same answer.`,
      },
      config: { ...(route.config as object), [LEGACY]: true } as RouteOptions['config'],
    });
  });
}
