import fastifyHelmet from '@fastify/helmet';
import { type FastifyReply } from 'fastify';
import { appPlugin } from './app-plugin';

/**
 * Security headers on every answer: a strict CSP for the SPA (scripts only
 * from our origin, no framing, no plugins), nosniff, a referrer policy, and
 * HSTS in production only (a local http://127.0.0.1 must keep working).
 */
export const securityHeadersPlugin = appPlugin<{ isProduction: boolean }>(async (app, { isProduction }) => {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
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
