import { randomUUID } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { appPlugin } from './app-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What an incoming id may be (a proxy's or a client's): short, and nothing that could break a log line or a header. */
const SAFE_REQUEST_ID = /^[\w.:@+=-]{1,128}$/;

/**
 * Fastify's `genReqId`: the X-Request-Id a load balancer or client sent, when it is safe to
 * repeat in logs and headers, otherwise a new UUID. One id then follows the request through
 * every log line, the answer's X-Request-Id and a 5xx body.
 */
export function getRequestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Every answer carries its request's id (error answers too: the hook runs before any other). */
export const requestIdPlugin = appPlugin(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
