import { type FastifyRequest } from 'fastify';
import { appPlugin } from './app-plugin';
import { withoutQueryValues } from './log-serializers';

/** Probes and scrapes arrive every few seconds and say nothing new: not logged. */
export const UNLOGGED_ROUTES: ReadonlySet<string> = new Set([
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/metrics',
]);

/** The route a request matched (`/api/operations/:id`), or null when none did (a 404). */
export function routeOf(request: FastifyRequest): string | null {
  return request.routeOptions.url ?? null;
}

/**
 * One log line per answered request (Fastify's own two lines are off: disableRequestLogging),
 * by route rather than URL, so no token or search term from a query string reaches the logs;
 * with the client's address, so an operator can tie abuse to its source behind a proxy.
 */
export const requestLogPlugin = appPlugin(async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    if (route !== null && UNLOGGED_ROUTES.has(route)) return;
    request.log.info(
      {
        method: request.method,
        route,
        // No route matched (a 404, a page of the app): the path says what was asked, query values left out.
        ...(route === null ? { url: withoutQueryValues(request.url) } : {}),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        userId: request.auth?.user.id ?? null,
        // The client's address as TRUST_PROXY resolves it (X-Forwarded-For only from believed proxies).
        clientAddress: request.ip,
      },
      'request completed',
    );
  });
});
