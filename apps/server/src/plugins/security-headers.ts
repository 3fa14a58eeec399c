import { type FastifyReply } from 'fastify';
import helmet from 'helmet';
import { appPlugin } from './app-plugin';

/**
 * Security headers on every answer, written by Helmet: a strict CSP for the SPA (scripts only
 * from our origin, no framing, no plugins), nosniff, a referrer policy, and HSTS in production
 * only (a local http://127.0.0.1 must keep working).
 *
 * Helmet's middleware is built once here and run in an onRequest hook. @fastify/helmet 13 built it
 * again for every request (parsing the CSP directives each time): about 8 % of the server's CPU on
 * the cached catalogue in `npm run bench`. The headers are the same, from the same library.
 */
export const securityHeadersPlugin = appPlugin<{ isProduction: boolean; devWeb?: boolean }>(async (app, options) => {
  const { isProduction, devWeb = false } = options;
  const writeSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Development through Vite (WEB_DEV=vite): its HMR socket on this origin.
        connectSrc: devWeb ? ["'self'", 'ws:'] : ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        // Development through Vite: the inline React Refresh preamble Vite writes into index.html.
        scriptSrc: devWeb ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
      },
    },
    hsts: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin isolation would block the spec PDF viewer and is not needed.
    crossOriginEmbedderPolicy: false,
    xContentTypeOptions: true,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    writeSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // One rule instead of a list a new route could forget: no /api answer is stored by a browser or
  // a proxy (the outbox holds reset links; notifications, messages, ledgers and the session are
  // personal). The few cacheable public reads say so themselves (read-cache.ts, an offer's photo).
  app.addHook('onRequest', async (request, reply) => {
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
  });
});

function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The headers of an answer given before any hook runs: a malformed URL or an over-long path
 * parameter (`frameworkErrors`), or one Node's parser refused (`clientErrorHandler`). A JSON
 * error needs no more than a deny-all policy, and is never cached.
 */
export function errorSecurityHeaders(isProduction: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cache-control': 'no-store',
    ...(isProduction ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** The same headers on a Fastify reply (`frameworkErrors`). */
export function setErrorSecurityHeaders(reply: FastifyReply, isProduction: boolean): FastifyReply {
  return reply.headers(errorSecurityHeaders(isProduction));
}
