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
