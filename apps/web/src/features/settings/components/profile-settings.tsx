import { type AccountProfile, COUNTRY_CODES, LANGUAGES, ZUpdateAccountProfileRequest } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { CompanyTypeOptions } from '../../../components/ui/company-type-options';
import { Field, Form, showServerError, useZodForm } from '../../../components/ui/form';
import { QueryState } from '../../../components/ui/query-state';
import { isApiError } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { useAccountProfile, useSaveAccountProfile } from '../api/settings';
import { Problem, Saved, SettingsSection, settingsInput } from './section';

/** PUT /api/account/profile's schema as the page edits it: every field shown, "—" (empty) for no company type or country. */
const ZProfileForm = ZUpdateAccountProfileRequest.required({
  fullName: true,
  companyName: true,
  taxId: true,
  language: true,
  notificationPrefs: true,
}).extend({
  companyType: ZUpdateAccountProfileRequest.shape.companyType.unwrap().or(z.literal('')),
  country: ZUpdateAccountProfileRequest.shape.country.unwrap().or(z.literal('')),
});
type ProfileFormValues = z.input<typeof ZProfileForm>;

const lockedInput = `${settingsInput} disabled:bg-slate-50 disabled:text-slate-600`;

/**
 * Profile, company, language and notification preferences (the first sections
 * of every settings page). Switching the language here also switches the UI.
 */
export function ProfileSettings() {
  const profile = useAccountProfile();
  const { t } = useTranslation();
  return (
    <QueryState query={profile} failure={t('settings.profile.loadError')} skeletonClassName="h-64 w-full rounded-2xl">
      {(data) => <LoadedProfile profile={data} />}
    </QueryState>
  );
}

function LoadedProfile({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation();
  const save = useSaveAccountProfile();
  const form = useZodForm(ZProfileForm, {
    mode: 'onSubmit',
    defaultValues: {
      fullName: profile.fullName,
      companyName: profile.companyName,
      companyType: profile.companyType ?? '',
      country: profile.country ?? '',
      taxId: profile.taxId ?? '',
      language: profile.language,
      notificationPrefs: profile.notificationPrefs,
    },
  });

  function onSubmit({
    fullName,
    language,
    notificationPrefs,
    companyName,
    companyType,
    country,
    taxId,
  }: z.output<typeof ZProfileForm>) {
    save.mutate(
      {
        fullName,
        language,
        notificationPrefs,
        ...(profile.canEditCompany
          ? {
              companyName,
              ...(companyType ? { companyType } : {}),
              ...(country ? { country } : {}),
              taxId,
            }
          : {}),
      },
      {
        // The profile's language is the visitor's choice too: loaded with its texts, and remembered.
        onSuccess: (data) => void setLanguage(data.language),
        // Field errors go on their fields; any other refusal is said under the form (below).
        onError: (error) => {
          if (isApiError(error) && error.fields) showServerError(form, error);
        },
      },
    );
  }

  const hasFieldErrors = isApiError(save.error) && Boolean(save.error.fields);

  return (
    <Form form={form} onSubmit={onSubmit} hasRootAlert={false} className="space-y-6">
      <SettingsSection title={t('settings.profile.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field<ProfileFormValues> name="fullName" label={t('settings.profile.fullName')}>
            {(control) => <input {...control} autoComplete="name" className={settingsInput} />}
          </Field>
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
          <Field<ProfileFormValues> name="companyName" label={t('settings.profile.companyName')}>
            {(control) => <input {...control} className={lockedInput} />}
          </Field>
          <Field<ProfileFormValues> name="companyType" label={t('settings.profile.companyType')}>
            {(control) => (
              <select {...control} className={lockedInput}>
                <option value="">—</option>
                <CompanyTypeOptions />
              </select>
            )}
          </Field>
          <Field<ProfileFormValues> name="country" label={t('settings.profile.country')}>
            {(control) => (
              <select {...control} className={lockedInput}>
                <option value="">—</option>
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {t(`countries.${code}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field<ProfileFormValues> name="taxId" label={t('settings.profile.taxId')}>
            {(control) => <input {...control} className={lockedInput} />}
          </Field>
        </fieldset>
      </SettingsSection>

      <SettingsSection title={t('settings.profile.preferencesTitle')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field<ProfileFormValues> name="language" label={t('settings.profile.language')}>
            {(control) => (
              <select {...control} className={settingsInput}>
                {LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {code === 'es' ? t('common.spanish') : t('common.english')}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset>
            <legend className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('settings.profile.notifications')}
            </legend>
            <label className="flex items-center gap-2 py-1 text-sm text-slate-700">
              <input
                type="checkbox"
                {...form.register('notificationPrefs.inApp')}
                className="size-4 accent-accent-700"
              />
              {t('settings.profile.notifyInApp')}
            </label>
            <label className="flex items-center gap-2 py-1 text-sm text-slate-700">
              <input
                type="checkbox"
                {...form.register('notificationPrefs.email')}
                className="size-4 accent-accent-700"
              />
              {t('settings.profile.notifyEmail')}
            </label>
          </fieldset>
        </div>
      </SettingsSection>
      {save.isSuccess && <Saved>{t('settings.profile.saved')}</Saved>}
      {save.isError && !hasFieldErrors && <Problem>{save.error.message}</Problem>}
      <Button type="submit" disabled={save.isPending}>
        {t('settings.profile.save')}
      </Button>
    </Form>
  );
}
