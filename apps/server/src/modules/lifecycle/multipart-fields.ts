import { type z } from 'zod';
import { AppError } from '../../errors';

/** Field path → catalog key, from a zod failure of the multipart fields. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(
    error.issues.map((issue) => [
      issue.path.join('.') || '_',
      issue.message.includes('.') ? issue.message : 'validation.invalid',
    ]),
  );
}

/** A step's multipart fields, parsed; an empty field is a field left blank: as if it were not sent. */
export function milestoneFields<T extends z.ZodType>(raw: Record<string, string>, schema: T): z.output<T> {
  const fields = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', {}, { fields: fieldErrors(parsed.error) });
  return parsed.data;
}
