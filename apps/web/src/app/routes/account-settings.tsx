import { ZChangePasswordRequest } from '@tradeops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { useChangePassword } from '../../features/auth/api/passwords';
import { useSignOut } from '../../features/auth/api/sign-out';
import { FormAlert, FormField, inputClasses } from '../../features/auth/components/form-field';
import { ProfileSettings } from '../../features/settings/components/profile-settings';
import { useFormFields } from '../../features/auth/hooks/use-form-fields';
import { isApiError } from '../../lib/api-client';

/**
 * Account settings, shared by /buyer/settings and /seller/settings: profile,
 * company, language and notification preferences; change the password; sign
 * out of all devices.
 */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePassword();
  const signOutAll = useSignOut('all');
  const form = useFormFields(ZChangePasswordRequest, { currentPassword: '', newPassword: '' });
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const body = form.validate();
    if (!body || change.isPending) return;
    change.mutate(body, {
      onError: (failure) => {
        if (form.showServerErrors(failure)) return;
        setError(isApiError(failure) ? failure.message : t('errors.INTERNAL_ERROR'));
      },
    });
  }

  return (
    <div className="flex-1 bg-slate-50 py-10 sm:py-14">
      <Container className="max-w-2xl space-y-8">
        <h1 className="text-3xl font-bold tracking-tight text-brand-900">{t('settings.title')}</h1>
        <ProfileSettings />
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-semibold text-brand-900">{t('settings.changePasswordTitle')}</h2>
          <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
            {error && <FormAlert>{error}</FormAlert>}
            {change.isSuccess && (
              <p role="status" className="rounded-lg bg-accent-50 px-4 py-3 text-sm text-accent-900">
                {t('settings.changePasswordDone')}
              </p>
            )}
            <FormField label={t('settings.currentPassword')} error={form.errorOf('currentPassword')}>
              {(control) => (
                <input
                  {...control}
                  {...form.bind('currentPassword')}
                  type="password"
                  autoComplete="current-password"
                  className={inputClasses(Boolean(form.errorOf('currentPassword')))}
                />
              )}
            </FormField>
            <FormField
              label={t('settings.newPassword')}
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
            <Button type="submit" disabled={change.isPending}>
              {t('settings.changePasswordSubmit')}
            </Button>
          </form>
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-semibold text-brand-900">{t('settings.sessionsTitle')}</h2>
          <p className="mt-2 text-sm text-slate-600">{t('settings.sessionsText')}</p>
          <Button
            variant="secondary"
            className="mt-4 h-auto! min-h-10 py-2 text-center whitespace-normal!"
            disabled={signOutAll.isPending}
            onClick={() =>
              signOutAll.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) })
            }
          >
            {t('settings.revokeAll')}
          </Button>
        </section>
      </Container>
    </div>
  );
}
