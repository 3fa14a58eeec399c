import fastifyHelmet from '@fastify/helmet';
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
