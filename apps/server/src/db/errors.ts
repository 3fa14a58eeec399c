/** The PostgreSQL error code (SQLSTATE) of an error or of the error it wraps (Drizzle wraps driver errors). */
export function getPgErrorCode(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    // Server errors carry a severity beside the SQLSTATE; socket errors (EPIPE…) do not.
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Data exceptions that mean "this value cannot be stored", caused by what a client sent: a NUL
 * byte in text (22021, "invalid byte sequence for encoding UTF8: 0x00") or in jsonb (22P05,
 * "unsupported Unicode escape sequence"), a lone surrogate in jsonb or text that is no number,
 * date or uuid (22P02), a number beyond its column (22003). PGlite raises the same SQLSTATEs.
 * The schemas refuse these first; this is the last line, so they answer 400, never 500.
 */
const INVALID_VALUE_CODES = new Set(['22021', '22P05', '22P02', '22003']);

/** True when the database refused a value itself (see INVALID_VALUE_CODES), not the query or the connection. */
export function isInvalidValueError(error: unknown): boolean {
  const code = getPgErrorCode(error);
  return code !== null && INVALID_VALUE_CODES.has(code);
}

const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end',
  'Client has encountered a connection error',
  'PGlite is closed',
];

/**
 * True when the database could not be reached (down, restarting, out of
 * connections) rather than refusing a query: those answer 503, not 500.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_NODE_CODES.has(code)) return true;
      // Class 08: connection exception; 57P01-57P03: shutting down / cannot connect now; 53300: too many connections.
      if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when PostgreSQL rolled the transaction back to break a conflict with another one (class 40:
 * 40P01 deadlock detected, 40001 could not serialize): nothing it wrote stays, and the same request
 * sent again normally succeeds. Those answer 503 with Retry-After, never 500. Locking in one order
 * (operation → order, several operations by id, views never waiting) is what keeps them away.
 */
export function isTransactionRollbackError(error: unknown): boolean {
  const code = getPgErrorCode(error);
  return code !== null && code.startsWith('40');
}
