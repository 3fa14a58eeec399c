import { ZContactRequest, type ContactRequest } from '@tradeops/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Form, FormRootAlert, showServerError, useZodForm } from '../../../components/ui/form';
import { isApiError } from '../../../lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';

const EMPTY_MESSAGE: ContactRequest = { name: '', email: '', company: '', subject: '', message: '' };

/** The contact form: checked with the same zod schema as the server, which also rate-limits it. */
export function ContactForm() {
  const { t } = useTranslation();
  const id = useId();
  const mutation = useSendContactMessage();
  const form = useZodForm(ZContactRequest, { mode: 'onSubmit', defaultValues: EMPTY_MESSAGE });

  function onSubmit(message: ContactRequest) {
    mutation.mutate(message, {
      onError: (error) =>
        showServerError(form, error, () =>
          isApiError(error) && error.code === 'RATE_LIMITED' ? error.message : t('contact.failed'),
        ),
    });
  }

  if (mutation.isSuccess) {
    return (
      <Alert tone="success" className="rounded-2xl p-6">
        <p className="font-semibold">{t('contact.sent')}</p>
        <Button
          className="mt-4"
          variant="secondary"
          onClick={() => {
            form.reset(EMPTY_MESSAGE);
            mutation.reset();
          }}
        >
          {t('contact.sendAnother')}
        </Button>
      </Alert>
    );
  }

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      hasRootAlert={false}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-900">
        {t('contact.formTitle')}
      </h2>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Field name="name" label={t('contact.name')}>
          {(control) => <input {...control} autoComplete="name" />}
        </Field>
        <Field name="email" label={t('contact.email')}>
          {(control) => <input {...control} type="email" autoComplete="email" />}
        </Field>
        <Field name="company" label={t('contact.company')}>
          {(control) => <input {...control} autoComplete="organization" />}
        </Field>
        <Field name="subject" label={t('contact.subject')}>
          {(control) => <input {...control} />}
        </Field>
        <Field name="message" label={t('contact.message')} className="sm:col-span-2">
          {(control) => <textarea {...control} rows={6} />}
        </Field>
      </div>
      <FormRootAlert className="mt-4" />
      <Button type="submit" size="lg" className="mt-6" disabled={mutation.isPending}>
        {mutation.isPending ? t('contact.sending') : t('contact.send')}
      </Button>
    </Form>
  );
}
