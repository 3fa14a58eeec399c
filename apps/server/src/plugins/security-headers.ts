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
});

/**
 * For the few answers Fastify gives before any hook runs (a malformed URL, an over-long path
 * parameter: `frameworkErrors`): a JSON error needs no more than a deny-all policy.
 */
export function setErrorSecurityHeaders(reply: FastifyReply, isProduction: boolean): FastifyReply {
  reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  if (isProduction) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  return reply;
}
