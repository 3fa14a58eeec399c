import { type AdminSettingsResponse, type EscrowBankDetails, ZUpdateAdminSettingsRequest } from '@tradeops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FieldFrame } from '../../../components/ui/form';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useAdminSettings, useSaveAdminSettings } from '../api/settings';
import { Problem, Saved, SettingsSection, settingsInput } from './section';

const BANK_FIELDS = ['bank_name', 'account_name', 'account_number', 'swift', 'bank_address'] as const;
type BankField = (typeof BANK_FIELDS)[number];

interface FormState {
  adminEmails: string;
  bank: Record<BankField, string>;
  participationHoldHours: string;
  fundRetentionDays: string;
}

function toForm(settings: AdminSettingsResponse): FormState {
  const bank = settings.escrowBankDetails;
  return {
    adminEmails: settings.adminEmails.join('\n'),
    bank: {
      bank_name: bank?.bank_name ?? '',
      account_name: bank?.account_name ?? '',
      account_number: bank?.account_number ?? '',
      swift: bank?.swift ?? '',
      bank_address: bank?.bank_address ?? '',
    },
    participationHoldHours: String(settings.participationHoldHours),
    fundRetentionDays: String(settings.fundRetentionDays),
  };
}

/** /admin/settings: admin e-mails, escrow bank details, participation hold and fund retention (saved and audited together). */
export function AdminSettingsForm() {
  const settings = useAdminSettings();
  if (!settings.data) {
    return settings.isError ? (
      <Problem>{settings.error.message}</Problem>
    ) : (
      <Skeleton className="h-96 w-full rounded-2xl" />
    );
  }
  return <LoadedForm settings={settings.data} />;
}

function LoadedForm({ settings }: { settings: AdminSettingsResponse }) {
  const { t } = useTranslation();
  const save = useSaveAdminSettings();
  const [form, setForm] = useState<FormState>(() => toForm(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      adminEmails: form.adminEmails
        .split(/[\s,;]+/)
        .map((email) => email.trim())
        .filter(Boolean),
      escrowBankDetails: { ...form.bank, currency: 'USD' } satisfies EscrowBankDetails,
      participationHoldHours: form.participationHoldHours === '' ? Number.NaN : Number(form.participationHoldHours),
      fundRetentionDays: form.fundRetentionDays === '' ? Number.NaN : Number(form.fundRetentionDays),
    };
    const parsed = ZUpdateAdminSettingsRequest.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'adminEmails' ? 'adminEmails' : issue.path.join('.');
        found[key] ??= t(issue.message as never);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (data) => setForm(toForm(data)),
      onError: (error) => {
        if (isApiError(error) && error.fields) {
          const found: Record<string, string> = {};
          for (const [key, text] of Object.entries(error.fields)) {
            found[key.startsWith('adminEmails') ? 'adminEmails' : key] ??= text;
          }
          setErrors(found);
        }
      },
    });
  }

  const input = (
    id: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    props: { type?: string; hint?: string; min?: number; max?: number } = {},
  ) => (
    <FieldFrame key={id} label={label} hint={props.hint} error={errors[id]}>
      {(control) => (
        <input
          {...control}
          type={props.type ?? 'text'}
          min={props.min}
          max={props.max}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={settingsInput}
        />
      )}
    </FieldFrame>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <SettingsSection title={t('adminSettings.adminsTitle')} description={t('adminSettings.adminsText')}>
        {settings.envAdminEmails.length > 0 && (
          <div className="mb-4 text-sm">
            <p className="font-medium text-slate-800">{t('adminSettings.envAdmins')}</p>
            <ul className="mt-1 flex flex-wrap gap-2">
              {settings.envAdminEmails.map((email) => (
                <li key={email} className="rounded-full bg-slate-100 px-3 py-1 text-slate-700">
                  {email}
                </li>
              ))}
            </ul>
          </div>
        )}
        <FieldFrame
          label={t('adminSettings.adminEmails')}
          hint={t('adminSettings.adminEmailsHint')}
          error={errors.adminEmails}
        >
          {(control) => (
            <textarea
              {...control}
              rows={4}
              value={form.adminEmails}
              onChange={(event) => setForm({ ...form, adminEmails: event.target.value })}
              className={settingsInput}
            />
          )}
        </FieldFrame>
      </SettingsSection>

      <SettingsSection title={t('adminSettings.bankTitle')} description={t('adminSettings.bankText')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {BANK_FIELDS.map((field) =>
            input(`escrowBankDetails.${field}`, t(`adminSettings.bank.${field}`), form.bank[field], (value) =>
              setForm({ ...form, bank: { ...form.bank, [field]: value } }),
            ),
          )}
        </div>
      </SettingsSection>

      <SettingsSection title={t('adminSettings.periodsTitle')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {input(
            'participationHoldHours',
            t('adminSettings.participationHoldHours'),
            form.participationHoldHours,
            (value) => setForm({ ...form, participationHoldHours: value }),
            { type: 'number', min: 1, max: 720, hint: t('adminSettings.participationHoldHint') },
          )}
          {input(
            'fundRetentionDays',
            t('adminSettings.fundRetentionDays'),
            form.fundRetentionDays,
            (value) => setForm({ ...form, fundRetentionDays: value }),
            { type: 'number', min: 0, max: 365, hint: t('adminSettings.fundRetentionHint') },
          )}
        </div>
      </SettingsSection>

      {save.isSuccess && <Saved>{t('adminSettings.saved')}</Saved>}
      {save.isError && !isApiError(save.error) && <Problem>{t('errors.INTERNAL_ERROR')}</Problem>}
      {save.isError && isApiError(save.error) && !save.error.fields && <Problem>{save.error.message}</Problem>}
      <Button type="submit" disabled={save.isPending}>
        {t('adminSettings.save')}
      </Button>
    </form>
  );
}
