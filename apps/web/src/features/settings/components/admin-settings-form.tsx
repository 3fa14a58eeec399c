import {
  type AdminSettingsResponse,
  HOLDBACK_RELEASE_BPS_RANGE,
  PLATFORM_FEE_BPS_RANGE,
  DISPUTE_WINDOW_DAYS_RANGE,
  ZEscrowBankDetails,
  ZUpdateAdminSettingsRequest,
} from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, Form, showServerError, useZodForm } from '../../../components/ui/form';
import { QueryState } from '../../../components/ui/query-state';
import { isApiError } from '../../../lib/api-client';
import { useAdminSettings, useSaveAdminSettings } from '../api/settings';
import { Problem, Saved, SettingsSection, settingsInput } from './section';

const BANK_FIELDS = ['bankName', 'accountName', 'accountNumber', 'swift', 'bankAddress'] as const;
const COMPANY_FIELDS = ['legalName', 'taxId'] as const;

/** The admins' addresses as typed, one a line (or split by commas), checked by the request's own rule. */
const ZAdminEmailsText = z.string().transform((text, context) => {
  const emails = text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean);
  const parsed = ZUpdateAdminSettingsRequest.shape.adminEmails.safeParse(emails);
  if (parsed.success) return parsed.data;
  context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'validation.invalid' });
  return z.NEVER;
});

/** PUT /api/admin/settings's schema, with the addresses as text and the bank's currency fixed (USD). */
const ZAdminSettingsForm = ZUpdateAdminSettingsRequest.extend({
  adminEmails: ZAdminEmailsText,
  escrowBankDetails: ZEscrowBankDetails.omit({ currency: true }).transform((bank) => ({
    ...bank,
    currency: 'USD' as const,
  })),
});
type AdminSettingsFormValues = z.input<typeof ZAdminSettingsForm>;

function toForm(settings: AdminSettingsResponse): AdminSettingsFormValues {
  const bank = settings.escrowBankDetails;
  return {
    adminEmails: settings.adminEmails.join('\n'),
    escrowBankDetails: {
      bankName: bank?.bankName ?? '',
      accountName: bank?.accountName ?? '',
      accountNumber: bank?.accountNumber ?? '',
      swift: bank?.swift ?? '',
      bankAddress: bank?.bankAddress ?? '',
    },
    platformCompany: {
      legalName: settings.platformCompany?.legalName ?? '',
      address: settings.platformCompany?.address ?? '',
      taxId: settings.platformCompany?.taxId ?? '',
    },
    orderHoldHours: settings.orderHoldHours,
    fundRetentionDays: settings.fundRetentionDays,
    platformFeeBps: settings.platformFeeBps,
    disputeWindowDays: settings.disputeWindowDays,
    holdbackReleaseBps: settings.holdbackReleaseBps,
  };
}

/** /admin/settings: admin e-mails, escrow bank details, the platform's company (statements' letterhead), periods and fee (saved and audited together). */
export function AdminSettingsForm() {
  const settings = useAdminSettings();
  const { t } = useTranslation();
  return (
    <QueryState query={settings} failure={t('adminSettings.loadError')} skeletonClassName="h-96 w-full rounded-2xl">
      {(data) => <LoadedForm settings={data} />}
    </QueryState>
  );
}

function LoadedForm({ settings }: { settings: AdminSettingsResponse }) {
  const { t } = useTranslation();
  const save = useSaveAdminSettings();
  const form = useZodForm(ZAdminSettingsForm, { mode: 'onSubmit', defaultValues: toForm(settings) });

  function onSubmit(body: z.output<typeof ZAdminSettingsForm>) {
    save.mutate(body, {
      onSuccess: (data) => form.reset(toForm(data)),
      // Field errors go on their fields; any other refusal is said under the form (below).
      onError: (error) => {
        if (isApiError(error) && error.fields) showServerError(form, error);
      },
    });
  }

  const numberField = (
    name: 'orderHoldHours' | 'fundRetentionDays' | 'platformFeeBps' | 'disputeWindowDays' | 'holdbackReleaseBps',
    label: string,
    range: { min: number; max: number; hint: string },
  ) => (
    <Field<AdminSettingsFormValues>
      name={name}
      label={label}
      hint={range.hint}
      registerOptions={{ setValueAs: (value: string) => (value === '' ? Number.NaN : Number(value)) }}
    >
      {(control) => <input {...control} type="number" min={range.min} max={range.max} className={settingsInput} />}
    </Field>
  );

  return (
    <Form form={form} onSubmit={onSubmit} hasRootAlert={false} className="space-y-6">
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
        <Field<AdminSettingsFormValues>
          name="adminEmails"
          label={t('adminSettings.adminEmails')}
          hint={t('adminSettings.adminEmailsHint')}
        >
          {(control) => <textarea {...control} rows={4} className={settingsInput} />}
        </Field>
      </SettingsSection>

      <SettingsSection title={t('adminSettings.bankTitle')} description={t('adminSettings.bankText')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {BANK_FIELDS.map((field) => (
            <Field<AdminSettingsFormValues>
              key={field}
              name={`escrowBankDetails.${field}`}
              label={t(`adminSettings.bank.${field}`)}
            >
              {(control) => <input {...control} type="text" className={settingsInput} />}
            </Field>
          ))}
        </div>
      </SettingsSection>

      <SettingsSection title={t('adminSettings.companyTitle')} description={t('adminSettings.companyText')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {COMPANY_FIELDS.map((field) => (
            <Field<AdminSettingsFormValues>
              key={field}
              name={`platformCompany.${field}`}
              label={t(`adminSettings.company.${field}`)}
            >
              {(control) => <input {...control} type="text" className={settingsInput} />}
            </Field>
          ))}
          <Field<AdminSettingsFormValues>
            name="platformCompany.address"
            label={t('adminSettings.company.address')}
            className="sm:col-span-2"
          >
            {(control) => <textarea {...control} rows={2} className={settingsInput} />}
          </Field>
        </div>
      </SettingsSection>

      <SettingsSection title={t('adminSettings.periodsTitle')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {numberField('orderHoldHours', t('adminSettings.orderHoldHours'), {
            min: 1,
            max: 720,
            hint: t('adminSettings.orderHoldHint'),
          })}
          {numberField('fundRetentionDays', t('adminSettings.fundRetentionDays'), {
            min: 0,
            max: 365,
            hint: t('adminSettings.fundRetentionHint'),
          })}
          {numberField('disputeWindowDays', t('disputes.settings.windowDays'), {
            ...DISPUTE_WINDOW_DAYS_RANGE,
            hint: t('disputes.settings.windowHint'),
          })}
        </div>
      </SettingsSection>

      <SettingsSection title={t('adminSettings.feeTitle')} description={t('adminSettings.feeText')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {numberField('platformFeeBps', t('adminSettings.platformFeeBps'), {
            min: PLATFORM_FEE_BPS_RANGE.min,
            max: PLATFORM_FEE_BPS_RANGE.max,
            hint: t('adminSettings.validation.platformFeeRange'),
          })}
          {numberField('holdbackReleaseBps', t('adminSettings.holdbackReleaseBps'), {
            min: HOLDBACK_RELEASE_BPS_RANGE.min,
            max: HOLDBACK_RELEASE_BPS_RANGE.max,
            hint: t('adminSettings.holdbackHint'),
          })}
        </div>
      </SettingsSection>

      {save.isSuccess && <Saved>{t('adminSettings.saved')}</Saved>}
      {save.isError && !isApiError(save.error) && <Problem>{t('errors.INTERNAL_ERROR')}</Problem>}
      {save.isError && isApiError(save.error) && !save.error.fields && <Problem>{save.error.message}</Problem>}
      <Button type="submit" disabled={save.isPending}>
        {t('adminSettings.save')}
      </Button>
    </Form>
  );
}
