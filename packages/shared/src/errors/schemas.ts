import { z } from 'zod';
import { ERROR_CODES } from './codes';

export const ZApiError = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [string, ...string[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** On server errors (5xx): the request's id (also in X-Request-Id), for the person to quote. */
    requestId: z.string().optional(),
  }),
});
