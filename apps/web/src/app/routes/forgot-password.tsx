import { type ForgotPasswordRequest, ZForgotPasswordRequest } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field, Form, showServerError, useZodForm } from '../../components/ui/form';
import { useRequestPasswordReset } from '../../features/auth/api/passwords';
import { AuthCard } from '../../features/auth/components/auth-card';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useZodForm(ZForgotPasswordRequest, { defaultValues: { email: '' } });

  function onSubmit(body: ForgotPasswordRequest) {
    if (request.isPending) return;
    request.mutate(body, {
      onError: (failure) => showServerError(form, failure),
    });
  }

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.text')}>
      {request.isSuccess ? (
        <Alert tone="success">{t('auth.forgot.sent')}</Alert>
      ) : (
        <Form form={form} onSubmit={onSubmit} className="space-y-4">
          <Field name="email" label={t('auth.login.email')}>
            {(control) => <input {...control} type="email" autoComplete="email" />}
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
