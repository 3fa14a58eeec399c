import {
  type ApiErrorBody,
  type ErrorCode,
  ERROR_STATUS,
  ZApiError,
  formatCalendarDate,
  isTradeDocumentKind,
} from '@tradeops/shared';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { isDatabaseUnavailableError, isInvalidValueError, isTransactionRollbackError } from '../db/errors';
import { AppError } from '../errors';
import { appPlugin } from './app-plugin';
import { type TranslateParams, getRequestLanguage, hasMessage, translate } from './i18n';

/** Builds the `{ error: { code, message } }` body in the request's language. */
export function buildErrorBody(
  request: FastifyRequest,
  code: ErrorCode,
  params: TranslateParams = {},
  fieldKeys?: Record<string, string>,
): ApiErrorBody {
  const lang = getRequestLanguage(request);
  // A calendar date in a message is written as the reader reads it, not as YYYY-MM-DD.
  const written: TranslateParams =
    typeof params.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(params.date)
      ? { ...params, date: formatCalendarDate(params.date, lang) }
      : { ...params };
  // A country (ISO alpha-2) in a message is written by its name in the reader's language.
  if (typeof written.country === 'string' && /^[A-Z]{2}$/.test(written.country)) {
    written.country = new Intl.DisplayNames([lang], { type: 'region' }).of(written.country) ?? written.country;
  }
  // A trade document in a message is written by its name (commercial invoice, bill of lading…).
  if (typeof written.document === 'string' && isTradeDocumentKind(written.document)) {
    written.document = translate(lang, `tradeDocuments.kinds.${written.document}`);
  }
  const body: ApiErrorBody = { error: { code, message: translate(lang, `errors.${code}`, written) } };
  // A server error says nothing about itself: the id lets support find its log lines.
  if (ERROR_STATUS[code] >= 500) body.error.requestId = request.id;
  if (fieldKeys) {
    body.error.fields = Object.fromEntries(
      Object.entries(fieldKeys).map(([field, key]) => [
        field,
        translate(lang, hasMessage(key) ? key : 'validation.invalid'),
      ]),
    );
  }
  return body;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  params?: TranslateParams,
  fieldKeys?: Record<string, string>,
): FastifyReply {
  return reply
    .code(ERROR_STATUS[code])
    .type('application/json; charset=utf-8')
    .send(buildErrorBody(request, code, params, fieldKeys));
}

/** An HTTP status some error code answers with. */
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/**
 * The response schemas of the errors a route may answer: each status with the `{ error }` body this
 * handler sends, so a route names its statuses instead of repeating the schema.
 */
export function errorResponses<Status extends ErrorStatus>(...statuses: Status[]): Record<Status, typeof ZApiError> {
  return Object.fromEntries(statuses.map((status) => [status, ZApiError])) as Record<Status, typeof ZApiError>;
}

/** Codes for framework errors that carry only an HTTP status. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

function fieldName(path: string, fallback: string): string {
  const name = path.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return name || fallback;
}

/** SQLSTATE class 23 (integrity violations) that no service caught: the request lost a race or broke a rule. */
function isIntegrityViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string' && code.startsWith('23')) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Every error answers `{ error: { code, message } }` in the request's language.
 * 5xx answers say nothing about internals; they are logged with the request id.
 */
export const errorHandlerPlugin = appPlugin(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.code);
      if (error.code === 'RATE_LIMITED' && error.params.seconds !== undefined) {
        reply.header('retry-after', String(error.params.seconds));
      }
      return sendError(request, reply, error.code, error.params, error.fields);
    }
    const { validation, validationContext } = error as {
      validation?: { instancePath?: string; message?: string }[];
      validationContext?: string;
    };
    if (Array.isArray(validation)) {
      // Messages are catalog keys (validation.ts); the first problem of each field is shown.
      const fields: Record<string, string> = {};
      for (const issue of validation) {
        fields[fieldName(issue.instancePath ?? '', validationContext ?? 'request')] ??=
          issue.message ?? 'validation.invalid';
      }
      return sendError(request, reply, 'VALIDATION_FAILED', {}, fields);
    }
    if (isDatabaseUnavailableError(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(request, reply, 'SERVICE_UNAVAILABLE');
    }
    if (isTransactionRollbackError(error)) {
      // A lock cycle or serialization conflict the database broke by rolling this request back.
      request.log.error({ err: error }, 'transaction rolled back by the database; nothing was written');
      reply.header('retry-after', '1');
      return sendError(request, reply, 'SERVICE_UNAVAILABLE');
    }
    if (isInvalidValueError(error)) {
      // A character or number the schemas should have refused reached the database: still the client's data.
      request.log.warn({ err: error }, 'value refused by the database');
      return sendError(request, reply, 'VALIDATION_FAILED');
    }
    if (isIntegrityViolation(error)) {
      request.log.warn({ err: error }, 'integrity violation');
      return sendError(request, reply, 'CONFLICT');
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
      const params: TranslateParams = {};
      if (code === 'RATE_LIMITED')
        params.seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
      return sendError(request, reply, code, params);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR');
  });
});
