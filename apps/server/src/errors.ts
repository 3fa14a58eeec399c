import { ERROR_STATUS, type ErrorCode } from '@tradeops/shared';

/** A catalog message's parameters ({{company}}, {{tons}} …). */
export type TranslateParams = Record<string, string | number>;

/**
 * The one error a service throws: a stable code (shared ERROR_STATUS gives its
 * HTTP status) and the parameters of its catalog message `errors.<CODE>`.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: TranslateParams;
  /** Field path → catalog key, for VALIDATION_FAILED raised by a service. */
  readonly fields: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    params: TranslateParams = {},
    options: { cause?: unknown; fields?: Record<string, string> } = {},
  ) {
    super(code, { cause: options.cause });
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.params = params;
    this.fields = options.fields;
  }
}
