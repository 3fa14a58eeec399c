import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, type FormHTMLAttributes, type ReactNode, useId } from 'react';
import {
  type FieldError,
  type FieldValues,
  FormProvider,
  type Path,
  type RegisterOptions,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  get,
  useForm,
  useFormContext,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
import { i18n } from '../../lib/i18n';
import { Alert } from './alert';

/** The classes of a text input, select or textarea, red-bordered when its value is wrong. */
export const inputClasses = (hasError: boolean) =>
  cx(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm sm:text-sm',
    'focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none',
    hasError ? 'border-red-500' : 'border-slate-300',
  );

type ZodObjectLike = z.ZodType<FieldValues, FieldValues>;

/**
 * A react-hook-form form parsed by one of the shared zod schemas, the one the
 * server parses the request with: a field is checked when it loses focus,
 * then again as the user fixes it, and every field on submit.
 */
export function useZodForm<S extends ZodObjectLike>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver: zodResolver(schema) });
}

/** A server message (already in the UI language) is shown as is; a schema message is a catalog key. */
const SERVER_ERROR = 'server';

function useErrorText(error: FieldError | undefined): string | undefined {
  const { t } = useTranslation();
  if (!error?.message) return undefined;
  return error.type === SERVER_ERROR ? error.message : t(error.message as never);
}

/**
 * Puts a refused request on the form: the server's field errors on their
 * fields, anything else as the form's message (`message` chooses its text;
 * by default the server's own translated message, or the generic one when the
 * failure is not an answer of the API). Returns where it went.
 */
export function showServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, never>, 'setError' | 'getValues'>,
  error: unknown,
  message?: (error: unknown) => string | undefined,
): 'fields' | 'root' {
  if (isApiError(error) && error.fields) {
    const values = form.getValues() as object;
    const known = Object.entries(error.fields).flatMap(([path, text]) => {
      const field = formFieldOf(values, path);
      return field ? [{ field, text }] : [];
    });
    for (const { field, text } of known) form.setError(field as Path<T>, { type: SERVER_ERROR, message: text });
    if (known.length > 0) return 'fields';
  }
  setFormError(form, message?.(error) ?? (isApiError(error) ? error.message : i18n.t('errors.INTERNAL_ERROR')));
  return 'root';
}

/**
 * The form's field a server error path belongs to: the path itself for a nested field
 * (`escrowBankDetails.swift`), or the field that holds it as text (`adminEmails.2` of a
 * textarea of addresses → `adminEmails`); none when the form has no such field.
 */
function formFieldOf(values: object, path: string): string | undefined {
  const segments = path.split('.');
  let value: unknown = values;
  for (const [index, segment] of segments.entries()) {
    if (typeof value !== 'object' || value === null)
      return index === 0 ? undefined : segments.slice(0, index).join('.');
    if (!(segment in value)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return path;
}

/** Shows a message for the whole form (an answer that is not about one field); the next submit clears it. */
export function setFormError<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, never>, 'setError'>,
  message: string | undefined,
) {
  form.setError('root.server', { type: SERVER_ERROR, message });
}

interface FormProps<T extends FieldValues, O> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  form: UseFormReturn<T, unknown, O>;
  onSubmit: SubmitHandler<O>;
  onInvalidSubmit?: SubmitErrorHandler<T>;
  /** Set on a wizard's step before the last: submitting runs it instead of checking the whole form. */
  onSubmitStep?: () => void;
  /** Whether the form's own message (root error) is shown at its top; off where the form places it itself. */
  hasRootAlert?: boolean;
  children: ReactNode;
}

/** A form bound to `useZodForm`: no browser validation bubbles, the form's message on top. */
export function Form<T extends FieldValues, O>({
  form,
  onSubmit,
  onInvalidSubmit,
  onSubmitStep,
  hasRootAlert = true,
  children,
  ...props
}: FormProps<T, O>) {
  const submit = onSubmitStep
    ? (event: FormEvent) => {
        event.preventDefault();
        onSubmitStep();
      }
    : form.handleSubmit(onSubmit, onInvalidSubmit);
  return (
    <FormProvider {...form}>
      <form noValidate {...props} onSubmit={submit}>
        {hasRootAlert && <FormRootAlert />}
        {children}
      </form>
    </FormProvider>
  );
}

/** The form's own message (a refused sign-in, a server failure), announced to screen readers. */
export function FormRootAlert({ className }: { className?: string }) {
  const { formState } = useFormContext();
  const text = useErrorText(formState.errors.root?.server as FieldError | undefined);
  return text ? <Alert className={className}>{text}</Alert> : null;
}

/** The props that tie a control to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its hint and its error under it, for controls that are not registered fields. */
export function FieldFrame({ label, error, hint, className, children }: FieldFrameProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface FieldProps<T extends FieldValues> extends Omit<FieldFrameProps, 'error' | 'children'> {
  name: Path<T>;
  registerOptions?: RegisterOptions<T, Path<T>>;
  /** Renders the control: spread `control` on it (ids, aria, the field's registration and input classes). */
  children: (control: ControlProps & ReturnType<UseFormReturn<T>['register']> & { className: string }) => ReactNode;
}

/** A field of the enclosing `Form`: registered, labelled, its error translated and tied to the control. */
export function Field<T extends FieldValues = FieldValues>({
  name,
  registerOptions,
  children,
  ...frame
}: FieldProps<T>) {
  const { register, formState } = useFormContext<T>();
  const error = useErrorText(get(formState.errors, name) as FieldError | undefined);
  return (
    <FieldFrame {...frame} error={error}>
      {(control) =>
        children({ ...control, ...register(name, registerOptions), className: inputClasses(Boolean(error)) })
      }
    </FieldFrame>
  );
}

/**
 * Every problem of the form in one list, each a link to its field; for long
 * forms where the first wrong field may be out of view.
 */
export function FormErrorList({ title, labels }: { title: string; labels: Record<string, string> }) {
  const { formState } = useFormContext();
  const { t } = useTranslation();
  const problems = Object.entries(labels).flatMap(([name, label]) => {
    const error = get(formState.errors, name) as FieldError | undefined;
    if (!error?.message) return [];
    return [{ name, label, text: error.type === SERVER_ERROR ? error.message : t(error.message as never) }];
  });
  if (formState.submitCount === 0 || problems.length === 0) return null;
  return (
    <Alert>
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem.name}>
            {problem.label}: {problem.text}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
