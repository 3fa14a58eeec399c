import { type FastifyRequest } from 'fastify';
import { appPlugin } from './app-plugin';
import { sendError } from './error-handler';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a state-changing request comes from our own pages. Browsers send
 * Origin on every cross-origin and same-origin POST/PUT/PATCH/DELETE made by
 * fetch or a form, and Sec-Fetch-Site on all of them; a request with neither
 * is not from a browser page of ours and is refused too.
 */
export function isSameOriginRequest(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    try {
      const from = new URL(origin);
      // Normalised the same way, so `localhost:80` and `http://localhost` agree.
      return new URL(`${from.protocol}//${request.host}`).host === from.host;
    } catch {
      return false;
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin';
}

/**
 * CSRF protection for every /api route that changes state (ours and Better
 * Auth's, which we call through its server API): the Origin must be this
 * server's own. The session cookie is SameSite=Lax as a second line.
 */
export const csrfPlugin = appPlugin(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    // An unknown route changes nothing: it answers its 404 as usual.
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || request.is404) return;
    if (isSameOriginRequest(request)) return;
    request.log.warn(
      { origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
      'cross-site request refused',
    );
    return sendError(request, reply, 'CSRF_REJECTED');
  });
});
