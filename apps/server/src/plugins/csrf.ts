import { type FastifyRequest } from 'fastify';
import { parseOrigin } from '../config';
import { appPlugin } from './app-plugin';
import { apiKeyOf } from './auth/api-keys';
import { sendError } from './error-handler';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a state-changing request comes from our own pages: its Origin (scheme, host and
 * port) must be PUBLIC_URL's or one of TRUSTED_ORIGINS. Never compared with the Host header:
 * a client that forges Host and a matching Origin (a reset link "for" attacker.example) is
 * refused like any other foreign page. Browsers send Origin on every POST/PUT/PATCH/DELETE
 * made by fetch or a form, and Sec-Fetch-Site on all of them; a request with neither is not
 * from a browser page of ours and is refused too.
 */
export function isSameOriginRequest(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    const normalised = parseOrigin(origin);
    return normalised !== null && allowedOrigins.has(normalised);
  }
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin';
}

/**
 * CSRF protection for every /api route that changes state (ours and Better
 * Auth's, which we call through its server API): the Origin must be this
 * site's own, except for a request made with an API key to a route that takes keys.
 * The session cookie is SameSite=Lax as a second line.
 */
export const csrfPlugin = appPlugin(async (app) => {
  const allowedOrigins: ReadonlySet<string> = new Set([app.config.publicUrl, ...app.config.trustedOrigins]);
  app.addHook('onRequest', async (request, reply) => {
    // An unknown route changes nothing: it answers its 404 as usual.
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || request.is404) return;
    if (isSameOriginRequest(request, allowedOrigins)) return;
    // A company's integration calling a route that takes API keys: the key, not a cookie, says who
    // calls (a cookie beside it is ignored), and no page can make a browser send an Authorization
    // header to us without a CORS preflight we never grant. Every other route still needs our Origin.
    if (request.routeOptions.config.apiKey && apiKeyOf(request) !== null) return;
    request.log.warn(
      { origin: request.headers.origin, site: request.headers['sec-fetch-site'], host: request.headers.host },
      'cross-site request refused',
    );
    return sendError(request, reply, 'CSRF_REJECTED');
  });
});
