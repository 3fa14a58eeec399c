import { z } from 'zod';
import { ERROR_CODES } from './codes';

export const ZApiError = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [string, ...string[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
