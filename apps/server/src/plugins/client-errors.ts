import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { type Socket } from 'node:net';
import { type ApiErrorBody, DEFAULT_LANGUAGE, ERROR_STATUS, type ErrorCode } from '@tradeops/shared';
import { type FastifyBaseLogger } from 'fastify';
import { translate } from './i18n';
import { errorSecurityHeaders } from './security-headers';

function codeOf(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'BAD_REQUEST';
}

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (headers over 16 KB,
 * a malformed request line, a request that never finished arriving): Fastify's
 * `clientErrorHandler`. Same shape as every other error (`{ error: { code, message } }`, in
 * the default language: the headers were not read), with the security headers and no-store.
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Socket,
  options: { isProduction: boolean; log?: FastifyBaseLogger },
): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = codeOf(error);
  const status = ERROR_STATUS[code];
  // No request was parsed, so no id was given or generated: this answer gets one of its own.
  const requestId = randomUUID();
  options.log?.debug({ err: error, reqId: requestId }, `client error answered ${status}`);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body: ApiErrorBody = { error: { code, message: translate(DEFAULT_LANGUAGE, `errors.${code}`) } };
  const json = JSON.stringify(body);
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(json)),
    connection: 'close',
    'x-request-id': requestId,
    ...errorSecurityHeaders(options.isProduction),
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n\r\n${json}`, () => socket.destroy());
}
