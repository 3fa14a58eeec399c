import { type FastifySchemaCompiler, type FastifySchemaValidationError } from 'fastify';
import { type z } from 'zod';

/**
 * Catalog key for an issue whose schema set no message of its own (the shared
 * schemas name catalog keys; zod's built-in English wording is never shown).
 */
function toCatalogKey(issue: z.core.$ZodRawIssue): string {
  return issue.code === 'invalid_type' && issue.input === undefined ? 'validation.required' : 'validation.invalid';
}

/**
 * Validates requests with the route's zod schema (as fastify-type-provider-zod
 * does) and reports issues as Fastify validation errors whose messages are
 * catalog keys, for the error handler to translate.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: toCatalogKey });
    if (result.success) return { value: result.data };
    const validation: FastifySchemaValidationError[] = result.error.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: issue.path.length > 0 ? `/${issue.path.join('/')}` : '',
      schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
      params: {},
      message: issue.message,
    }));
    return { error: validation };
  };
