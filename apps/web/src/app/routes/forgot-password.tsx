import { ZForgotPasswordRequest } from '@tradeops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useRequestPasswordReset } from '../../features/auth/api/passwords';
import { AuthCard, FormAlert, FormField, inputClasses } from '../../features/auth/components/form-field';
import { useFormFields } from '../../features/auth/hooks/use-form-fields';
import { isApiError } from '../../lib/api-client';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useFormFields(ZForgotPasswordRequest, { email: '' });
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const body = form.validate();
    if (!body || request.isPending) return;
    request.mutate(body, {
      onError: (failure) => {
        if (form.showServerErrors(failure)) return;
        setError(isApiError(failure) ? failure.message : t('errors.INTERNAL_ERROR'));
      },
    });
  }

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.text')}>
      {request.isSuccess ? (
        <p role="status" className="rounded-lg bg-accent-50 px-4 py-3 text-sm text-accent-900">
          {t('auth.forgot.sent')}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {error && <FormAlert>{error}</FormAlert>}
          <FormField label={t('auth.login.email')} error={form.errorOf('email')}>
            {(control) => (
              <input
                {...control}
                {...form.bind('email')}
                type="email"
                autoComplete="email"
                className={inputClasses(Boolean(form.errorOf('email')))}
              />
            )}
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
