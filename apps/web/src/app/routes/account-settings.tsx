import { type ChangePasswordRequest, ZChangePasswordRequest, canPassKycGate } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field, Form, showServerError, useZodForm } from '../../components/ui/form';
import { useChangePassword } from '../../features/auth/api/passwords';
import { useSignOut } from '../../features/auth/api/sign-out';
import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings';
import { IntegrationsSettings } from '../../features/settings/components/integrations-settings';
import { ProfileSettings } from '../../features/settings/components/profile-settings';
import { useSession } from '../../lib/session';
import { InnerPage } from '../../components/ui/inner-page';

/**
 * Account settings, shared by /buyer/settings and /seller/settings: profile,
 * company, language and notification preferences; change the password;
 * two-step verification; sign out of all devices; and, once the company's KYC is
 * approved, its API keys and webhooks (docs/api.md).
 */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const change = useChangePassword();
  const signOutAll = useSignOut('all');
  const form = useZodForm(ZChangePasswordRequest, { defaultValues: { currentPassword: '', newPassword: '' } });

  function onSubmit(body: ChangePasswordRequest) {
    if (change.isPending) return;
    change.mutate(body, {
      onError: (failure) => showServerError(form, failure),
    });
  }

  return (
    <InnerPage title={t('settings.title')} className="max-w-2xl space-y-8">
      <ProfileSettings />
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-brand-900">{t('settings.changePasswordTitle')}</h2>
        <Form form={form} onSubmit={onSubmit} className="mt-4 space-y-4">
          {change.isSuccess && <Alert tone="success">{t('settings.changePasswordDone')}</Alert>}
          <Field name="currentPassword" label={t('settings.currentPassword')}>
            {(control) => <input {...control} type="password" autoComplete="current-password" />}
          </Field>
          <Field name="newPassword" label={t('settings.newPassword')} hint={t('auth.signup.passwordHint')}>
            {(control) => <input {...control} type="password" autoComplete="new-password" />}
          </Field>
          <Button type="submit" disabled={change.isPending}>
            {t('settings.changePasswordSubmit')}
          </Button>
        </Form>
      </section>
      {user && (
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="two-factor">
          <h2 className="text-lg font-semibold text-brand-900">{t('twoFactor.title')}</h2>
          <p className="mt-2 text-sm text-slate-600">
            {t('twoFactor.description')}
            {user.isAdmin || user.twoFactorEnrolmentRequired ? ` ${t('twoFactor.adminNote')}` : ''}
          </p>
          <div className="mt-4">
            <TwoFactorSettings user={user} />
          </div>
        </section>
      )}
      {user && canPassKycGate(user) && <IntegrationsSettings />}
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-brand-900">{t('settings.sessionsTitle')}</h2>
        <p className="mt-2 text-sm text-slate-600">{t('settings.sessionsText')}</p>
        <Button
          variant="secondary"
          className="mt-4 h-auto! min-h-10 py-2 text-center whitespace-normal!"
          disabled={signOutAll.isPending}
          onClick={() => signOutAll.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) })}
        >
          {t('settings.revokeAll')}
        </Button>
      </section>
    </InnerPage>
  );
}
