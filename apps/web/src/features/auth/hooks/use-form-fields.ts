import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api-client';

/** A field problem: a catalog key from the shared schema, or a message the server already translated. */
type FieldProblem = { key: string } | { text: string };

type Shape = Record<string, z.ZodType>;

/**
 * The state of a form parsed by one of the shared zod object schemas: each
 * field is checked with the same rule the server applies, on blur and on
 * submit, and the server's own field errors land on the same fields.
 */
export function useFormFields<S extends z.ZodObject<Shape>>(schema: S, initial: Record<keyof S['shape'], string>) {
  type Field = keyof S['shape'] & string;
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<Field, FieldProblem>>>({});

  function checkField(field: Field, value: string): FieldProblem | undefined {
    const fieldSchema = schema.shape[field] as z.ZodType;
    const result = fieldSchema.safeParse(value === '' && field === 'taxId' ? undefined : value);
    return result.success ? undefined : { key: result.error.issues[0]?.message ?? 'validation.invalid' };
  }

  function setProblem(field: Field, problem: FieldProblem | undefined) {
    setProblems((current) => ({ ...current, [field]: problem }));
  }

  return {
    values,
    /** Props for an input, select or textarea bound to one field. */
    bind(field: Field) {
      return {
        name: field,
        value: values[field],
        onChange: (event: { target: { value: string } }) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [field]: value }));
          // A field already marked wrong is re-checked as the user fixes it.
          if (problems[field]) setProblem(field, checkField(field, value));
        },
        onBlur: () => setProblem(field, checkField(field, values[field])),
      };
    },
    /** The translated problem of a field, if any. */
    errorOf(field: Field): string | undefined {
      const problem = problems[field];
      if (!problem) return undefined;
      return 'key' in problem ? t(problem.key as never) : problem.text;
    },
    /** Checks every field; returns the parsed request or null (problems shown). */
    validate(): z.output<S> | null {
      const found: Partial<Record<Field, FieldProblem>> = {};
      for (const field of Object.keys(schema.shape) as Field[]) {
        const problem = checkField(field, values[field]);
        if (problem) found[field] = problem;
      }
      setProblems(found);
      if (Object.keys(found).length > 0) return null;
      const cleaned = Object.fromEntries(
        Object.entries(values).filter(([field, value]) => !(field === 'taxId' && value === '')),
      );
      const parsed = schema.safeParse(cleaned);
      return parsed.success ? parsed.data : null;
    },
    /** Puts the server's field errors (already in the UI language) on their fields; true when there were any. */
    showServerErrors(error: unknown): boolean {
      if (!isApiError(error) || !error.fields) return false;
      const found: Partial<Record<Field, FieldProblem>> = {};
      for (const [field, text] of Object.entries(error.fields)) {
        if (field in schema.shape) found[field as Field] = { text };
      }
      setProblems((current) => ({ ...current, ...found }));
      return Object.keys(found).length > 0;
    },
  };
}
