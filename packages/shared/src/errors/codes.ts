/**
 * Stable error codes of the API. The server maps each to an HTTP status and
 * answers `{ error: { code, message } }` with the message from the catalog
 * key `errors.<CODE>` in the request's language.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  FILE_EMPTY: 400,
  INVALID_FILE_NAME: 400,
  DOCUMENT_REQUIRED: 400,
  REFUND_EXCEEDS_HELD: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  KYC_REQUIRED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  OPERATION_NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  DOCUMENT_LOCKED: 409,
  KYC_DOCUMENTS_INCOMPLETE: 409,
  LIFECYCLE_WRONG_STATUS: 409,
  PAYMENTS_UNCONFIRMED: 409,
  RETENTION_NOT_ENDED: 409,
  DISPUTE_OPEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field errors of a VALIDATION_FAILED answer: field path → translated message. */
    fields?: Record<string, string>;
  };
}
