import { ZContactRequest, type ContactRequest } from '@tradeops/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useSendContactMessage } from '../api/send-contact-message';

type Field = keyof ContactRequest;
const FIELD_CLASSES =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm focus:border-accent-600 aria-[invalid=true]:border-rose-600';

function translateKey(key: string): string {
  return i18n.exists(key) ? i18n.t(key as never) : i18n.t('validation.invalid');
}

/** The contact form: checked with the same zod schema as the server, which also rate-limits it. */
export function ContactForm() {
  const { t } = useTranslation();
  const id = useId();
  const mutation = useSendContactMessage();
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    company: '',
    subject: '',
    message: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZContactRequest.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= translateKey(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onError: (error) => {
        if (isApiError(error) && error.fields) setErrors(error.fields as Partial<Record<Field, string>>);
      },
    });
  };

  if (mutation.isSuccess) {
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900">
        <p className="font-semibold">{t('contact.sent')}</p>
        <Button
          className="mt-4"
          variant="secondary"
          onClick={() => {
            setValues({ name: '', email: '', company: '', subject: '', message: '' });
            mutation.reset();
          }}
        >
          {t('contact.sendAnother')}
        </Button>
      </div>
    );
  }

  const field = (
    name: Field,
    label: string,
    options: { type?: string; multiline?: boolean; autoComplete?: string } = {},
  ) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const common = {
      id: inputId,
      name,
      value: values[name],
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? errorId : undefined,
      className: FIELD_CLASSES,
    };
    return (
      <div className={options.multiline ? 'sm:col-span-2' : undefined}>
        <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-700">
          {label}
        </label>
        {options.multiline ? (
          <textarea
            {...common}
            rows={6}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          />
        ) : (
          <input
            {...common}
            type={options.type ?? 'text'}
            autoComplete={options.autoComplete}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          />
        )}
        {errors[name] && (
          <p id={errorId} className="mt-1 text-sm text-rose-700">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-900">
        {t('contact.formTitle')}
      </h2>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {field('name', t('contact.name'), { autoComplete: 'name' })}
        {field('email', t('contact.email'), { type: 'email', autoComplete: 'email' })}
        {field('company', t('contact.company'), { autoComplete: 'organization' })}
        {field('subject', t('contact.subject'))}
        {field('message', t('contact.message'), { multiline: true })}
      </div>
      {mutation.isError && (
        <p role="alert" className="mt-4 text-sm font-semibold text-rose-700">
          {isApiError(mutation.error) && mutation.error.code === 'RATE_LIMITED'
            ? mutation.error.message
            : t('contact.failed')}
        </p>
      )}
      <Button type="submit" size="lg" className="mt-6" disabled={mutation.isPending}>
        {mutation.isPending ? t('contact.sending') : t('contact.send')}
      </Button>
    </form>
  );
}
