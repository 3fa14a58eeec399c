import { ZResetPasswordRequest } from '@tradeops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { useResetPassword } from '../../features/auth/api/passwords';
import { AuthCard, FormAlert, FormField, inputClasses } from '../../features/auth/components/form-field';
import { useFormFields } from '../../features/auth/hooks/use-form-fields';
import { isApiError } from '../../lib/api-client';

/** The page of the e-mailed link: `/reset-password?token=…`. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const form = useFormFields(ZResetPasswordRequest.pick({ newPassword: true }), { newPassword: '' });
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const body = form.validate();
    if (!body || reset.isPending) return;
    reset.mutate(
      { token, newPassword: body.newPassword },
      {
        onError: (failure) => {
          if (isApiError(failure) && failure.fields?.token) return setError(failure.fields.token);
          if (form.showServerErrors(failure)) return;
          setError(isApiError(failure) ? failure.message : t('errors.INTERNAL_ERROR'));
        },
      },
    );
  }

  if (!token) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <FormAlert>{t('auth.reset.missingToken')}</FormAlert>
        <Link to="/forgot-password" className="mt-4 inline-block text-sm font-semibold text-accent-700 hover:underline">
          {t('auth.forgot.title')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')}>
      {reset.isSuccess ? (
        <div className="space-y-4">
          <p role="status" className="rounded-lg bg-accent-50 px-4 py-3 text-sm text-accent-900">
            {t('auth.reset.done')}
          </p>
          <ButtonLink to="/login">{t('nav.login')}</ButtonLink>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {error && <FormAlert>{error}</FormAlert>}
          <FormField
            label={t('auth.reset.newPassword')}
            error={form.errorOf('newPassword')}
            hint={t('auth.signup.passwordHint')}
          >
            {(control) => (
              <input
                {...control}
                {...form.bind('newPassword')}
                type="password"
                autoComplete="new-password"
                className={inputClasses(Boolean(form.errorOf('newPassword')))}
              />
            )}
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
