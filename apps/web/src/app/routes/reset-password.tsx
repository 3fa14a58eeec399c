import { ZResetPasswordRequest } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { Field, Form, setFormError, showServerError, useZodForm } from '../../components/ui/form';
import { useResetPassword } from '../../features/auth/api/passwords';
import { AuthCard } from '../../features/auth/components/auth-card';
import { isApiError } from '../../lib/api-client';

const ZNewPassword = ZResetPasswordRequest.pick({ newPassword: true });

/** The page of the e-mailed link: `/reset-password?token=…`. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const form = useZodForm(ZNewPassword, { defaultValues: { newPassword: '' } });

  function onSubmit(body: { newPassword: string }) {
    if (reset.isPending) return;
    reset.mutate(
      { token, newPassword: body.newPassword },
      {
        onError: (failure) => {
          if (isApiError(failure) && failure.fields?.token) return setFormError(form, failure.fields.token);
          showServerError(form, failure);
        },
      },
    );
  }

  if (!token) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Alert>{t('auth.reset.missingToken')}</Alert>
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
          <Alert tone="success">{t('auth.reset.done')}</Alert>
          <ButtonLink to="/login">{t('nav.login')}</ButtonLink>
        </div>
      ) : (
        <Form form={form} onSubmit={onSubmit} className="space-y-4">
          <Field name="newPassword" label={t('auth.reset.newPassword')} hint={t('auth.signup.passwordHint')}>
            {(control) => <input {...control} type="password" autoComplete="new-password" />}
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
