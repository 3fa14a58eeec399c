import { type AccountProfile, COMPANY_TYPES, COUNTRY_CODES, LANGUAGES, type Language } from '@tradeops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAccountProfile, useSaveAccountProfile } from '../api/settings';
import { Problem, Saved, SettingsSection, settingsInput } from './section';
import { FieldFrame } from '../../../components/ui/form';

/**
 * Profile, company, language and notification preferences (the first sections
 * of every settings page). Switching the language here also switches the UI.
 */
export function ProfileSettings() {
  const profile = useAccountProfile();
  if (!profile.data) {
    return profile.isError ? (
      <Problem>{profile.error.message}</Problem>
    ) : (
      <Skeleton className="h-64 w-full rounded-2xl" />
    );
  }
  return <LoadedProfile profile={profile.data} />;
}

function LoadedProfile({ profile }: { profile: AccountProfile }) {
  const { t, i18n } = useTranslation();
  const save = useSaveAccountProfile();
  const [fullName, setFullName] = useState(profile.fullName);
  const [company, setCompany] = useState({
    companyName: profile.companyName,
    companyType: profile.companyType ?? '',
    country: profile.country ?? '',
    taxId: profile.taxId ?? '',
  });
  const [language, setLanguage] = useState<Language>(profile.language);
  const [prefs, setPrefs] = useState(profile.notificationPrefs);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        fullName,
        language,
        notificationPrefs: prefs,
        ...(profile.canEditCompany
          ? {
              companyName: company.companyName,
              ...(company.companyType
                ? { companyType: company.companyType as AccountProfile['companyType'] & string }
                : {}),
              ...(company.country ? { country: company.country as AccountProfile['country'] & string } : {}),
              taxId: company.taxId,
            }
          : {}),
      },
      { onSuccess: (data) => void i18n.changeLanguage(data.language) },
    );
  }

  const fieldError =
    save.error && 'fields' in save.error ? (save.error as { fields?: Record<string, string> }).fields : undefined;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <SettingsSection title={t('settings.profile.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldFrame label={t('settings.profile.fullName')} error={fieldError?.fullName}>
            {(control) => (
              <input
                {...control}
                value={fullName}
                onChange={(event) => setFullName(event.target.value)}
                autoComplete="name"
                className={settingsInput}
              />
            )}
          </FieldFrame>
          <div>
            <p className="mb-1.5 block text-sm font-medium text-slate-800">{t('settings.profile.email')}</p>
            <p className="py-2.5 text-sm break-all text-slate-700">{profile.email}</p>
          </div>
        </div>
      </SettingsSection>

      <SettingsSection
        title={t('settings.profile.companyTitle')}
        description={profile.canEditCompany ? undefined : t('settings.profile.companyLocked')}
      >
        <fieldset disabled={!profile.canEditCompany} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t('settings.profile.companyTitle')}</legend>
          <FieldFrame label={t('settings.profile.companyName')} error={fieldError?.companyName}>
            {(control) => (
              <input
                {...control}
                value={company.companyName}
                onChange={(event) => setCompany({ ...company, companyName: event.target.value })}
                className={`${settingsInput} disabled:bg-slate-50 disabled:text-slate-600`}
              />
            )}
          </FieldFrame>
          <FieldFrame label={t('settings.profile.companyType')}>
            {(control) => (
              <select
                {...control}
                value={company.companyType}
                onChange={(event) => setCompany({ ...company, companyType: event.target.value })}
                className={`${settingsInput} disabled:bg-slate-50 disabled:text-slate-600`}
              >
                <option value="">—</option>
                {COMPANY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`companyTypes.${type}`)}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <FieldFrame label={t('settings.profile.country')}>
            {(control) => (
              <select
                {...control}
                value={company.country}
                onChange={(event) => setCompany({ ...company, country: event.target.value })}
                className={`${settingsInput} disabled:bg-slate-50 disabled:text-slate-600`}
              >
                <option value="">—</option>
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {t(`countries.${code}`)}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <FieldFrame label={t('settings.profile.taxId')}>
            {(control) => (
              <input
                {...control}
                value={company.taxId}
                onChange={(event) => setCompany({ ...company, taxId: event.target.value })}
                className={`${settingsInput} disabled:bg-slate-50 disabled:text-slate-600`}
              />
            )}
          </FieldFrame>
        </fieldset>
      </SettingsSection>

      <SettingsSection title={t('settings.profile.preferencesTitle')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <FieldFrame label={t('settings.profile.language')}>
            {(control) => (
              <select
                {...control}
                value={language}
                onChange={(event) => setLanguage(event.target.value as Language)}
                className={settingsInput}
              >
                {LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {code === 'es' ? t('common.spanish') : t('common.english')}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <fieldset>
            <legend className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('settings.profile.notifications')}
            </legend>
            <label className="flex items-center gap-2 py-1 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={prefs.in_app}
                onChange={(event) => setPrefs({ ...prefs, in_app: event.target.checked })}
                className="size-4 accent-accent-700"
              />
              {t('settings.profile.notifyInApp')}
            </label>
            <label className="flex items-center gap-2 py-1 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={prefs.email}
                onChange={(event) => setPrefs({ ...prefs, email: event.target.checked })}
                className="size-4 accent-accent-700"
              />
              {t('settings.profile.notifyEmail')}
            </label>
          </fieldset>
        </div>
      </SettingsSection>
      {save.isSuccess && <Saved>{t('settings.profile.saved')}</Saved>}
      {save.isError && !fieldError && <Problem>{save.error.message}</Problem>}
      <Button type="submit" disabled={save.isPending}>
        {t('settings.profile.save')}
      </Button>
    </form>
  );
}
