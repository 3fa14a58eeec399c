import { stdSerializers } from 'pino';

/**
 * What the logs may say about a failure, and nothing about the people behind it. A failed
 * query's error (Drizzle's DrizzleQueryError) carries its parameters — names, e-mails, the
 * text someone typed — in its message ("Failed query: … params: …"), its stack and its
 * `params`; PostgreSQL's error carries the row in `detail` ("Key (email)=(…)", "Failing row
 * contains (…)") and, for data exceptions (SQLSTATE class 22), the value in its message
 * ('invalid input syntax for type uuid: "…"'). The serializers keep the SQLSTATE, the
 * constraint, table and column and the query text with its $n placeholders, never the values.
 */

/** Fields of a PostgreSQL error that name the failure, never the data. */
const SAFE_DATABASE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'];
/** Fields of any error that may hold the data of the request. */
const DATA_FIELDS = new Set(['params', 'detail', 'where', 'internalQuery', 'hint', 'position', 'internalPosition']);
const MAX_CAUSE_DEPTH = 5;

interface ErrorLike {
  name?: unknown;
  message: string;
  stack?: unknown;
  cause?: unknown;
  [key: string]: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** A server error of PostgreSQL (node-postgres' DatabaseError, PGlite's equivalent): a SQLSTATE and a severity. */
function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';
}

/** Drizzle's wrapper of a failed query: the SQL text and its parameters. */
function isQueryError(error: ErrorLike): error is ErrorLike & { query: string } {
  return typeof error.query === 'string' && 'params' in error;
}

/** The stack's frames ("    at …") under a new first line, so a message left out stays out of the stack. */
function restack(error: ErrorLike, name: string, message: string): string {
  const frames = typeof error.stack === 'string' ? error.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return [`${name}: ${message}`, ...frames].join('\n');
}

/** A copy of the error (same class, so the logged `type` stays right) without any of the request's data. */
function scrubError(error: ErrorLike, depth: number): ErrorLike {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as ErrorLike;
  const name = typeof error.name === 'string' ? error.name : 'Error';
  let message = error.message;
  if (isQueryError(error)) {
    message = `Failed query: ${error.query}`;
  } else if (isDatabaseError(error)) {
    if (String(error.code).startsWith('22')) message = `data exception (SQLSTATE ${String(error.code)})`;
    for (const field of SAFE_DATABASE_FIELDS) if (error[field] !== undefined) copy[field] = error[field];
  }
  for (const key of Object.keys(error)) {
    if (DATA_FIELDS.has(key) || key === 'cause' || key in copy) continue;
    if (isDatabaseError(error) && !SAFE_DATABASE_FIELDS.includes(key) && key !== 'query') continue;
    copy[key] = isErrorLike(error[key]) ? scrubError(error[key] as ErrorLike, depth + 1) : error[key];
  }
  Object.defineProperty(copy, 'name', { value: name, enumerable: false, writable: true });
  copy.message = message;
  copy.stack =
    message === error.message && typeof error.stack === 'string' ? error.stack : restack(error, name, message);
  if (isErrorLike(error.cause) && depth < MAX_CAUSE_DEPTH) copy.cause = scrubError(error.cause, depth + 1);
  return copy;
}

/** The first PostgreSQL error of a cause chain, by its safe fields (pino logs causes only by message and stack). */
function findDatabaseFailure(error: ErrorLike): Record<string, unknown> | null {
  let current: ErrorLike = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH; depth += 1) {
    if (isDatabaseError(current)) {
      const failure = current;
      return Object.fromEntries(
        SAFE_DATABASE_FIELDS.filter((field) => failure[field] !== undefined).map((field) => [field, failure[field]]),
      );
    }
    if (!isErrorLike(current.cause)) return null;
    current = current.cause;
  }
  return null;
}

/** The `err` serializer of every log line: pino's, on a copy scrubbed of the request's data, with the SQLSTATE on top. */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  if (!isErrorLike(error)) return stdSerializers.err(error);
  const copy = scrubError(error, 0);
  const database = findDatabaseFailure(error);
  if (database && !isDatabaseError(error)) copy.database = database;
  return stdSerializers.err(copy as Error);
}

/**
 * The `req` serializer: Fastify's fields, with the query string's values left out (a password
 * reset link carries its token there: `/reset-password?token=…`; searches carry what people typed).
 */
export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  return {
    method: request.method,
    url: withoutQueryValues(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** `/a?token=x&page=2` → `/a?token=…&page=…` */
export function withoutQueryValues(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const names = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, start)}?${names.join('&')}`;
}

/** A library's extra log arguments: its errors, scrubbed; anything else (user objects, values) left out. */
export function scrubLogArguments(args: unknown[]): { errors: unknown[]; omitted: number } {
  const errors = args.filter(isErrorLike).map((error) => serializeError(error as Error));
  return { errors, omitted: args.length - errors.length };
}
