import { type ComplianceSettings } from '@tradeops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/form';
import { QueryState } from '../../../components/ui/query-state';
import { useComplianceSettings, useSaveComplianceSettings } from '../api/compliance';

/** Threshold, embargoed jurisdictions, KYC renewal and the lists' fetch job (off by default). */
export function ComplianceSettingsForm() {
  const { t } = useTranslation();
  const settings = useComplianceSettings();
  return (
    <section aria-labelledby="compliance-settings-title" className="mt-10">
      <h2 id="compliance-settings-title" className="text-lg font-semibold text-brand-900">
        {t('compliance.settings.title')}
      </h2>
      <QueryState query={settings} isEmpty={() => false} empty={null}>
        {(data) => <SettingsForm key={JSON.stringify(data)} initial={data} />}
      </QueryState>
    </section>
  );
}

function SettingsForm({ initial }: { initial: ComplianceSettings }) {
  const { t } = useTranslation();
  const save = useSaveComplianceSettings();
  const [threshold, setThreshold] = useState(String(initial.screeningThreshold));
  const [jurisdictions, setJurisdictions] = useState(initial.embargoedJurisdictions.join(', '));
  const [renewal, setRenewal] = useState(String(initial.kycRenewalMonths));
  const [fetchEnabled, setFetchEnabled] = useState(initial.listFetch.enabled);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      screeningThreshold: Number(threshold.replace(',', '.')),
      embargoedJurisdictions: jurisdictions
        .split(/[\s,;]+/)
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
      kycRenewalMonths: Number(renewal),
      listFetch: { ...initial.listFetch, enabled: fetchEnabled },
    });
  }

  return (
    <form
      onSubmit={submit}
      className="mt-4 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2"
    >
      <div>
        <label htmlFor="screening-threshold" className="block text-sm font-medium text-slate-800">
          {t('compliance.settings.threshold')}
        </label>
        <input
          id="screening-threshold"
          inputMode="decimal"
          className={`mt-1 ${inputClasses(false)}`}
          value={threshold}
          onChange={(event) => setThreshold(event.target.value)}
          aria-describedby="screening-threshold-hint"
        />
        <p id="screening-threshold-hint" className="mt-1 text-xs text-slate-500">
          {t('compliance.settings.thresholdHint')}
        </p>
      </div>
      <div>
        <label htmlFor="kyc-renewal" className="block text-sm font-medium text-slate-800">
          {t('compliance.settings.renewal')}
        </label>
        <input
          id="kyc-renewal"
          type="number"
          min={1}
          max={36}
          className={`mt-1 ${inputClasses(false)}`}
          value={renewal}
          onChange={(event) => setRenewal(event.target.value)}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="embargoed" className="block text-sm font-medium text-slate-800">
          {t('compliance.settings.embargoed')}
        </label>
        <input
          id="embargoed"
          className={`mt-1 ${inputClasses(false)}`}
          value={jurisdictions}
          onChange={(event) => setJurisdictions(event.target.value)}
          aria-describedby="embargoed-hint"
        />
        <p id="embargoed-hint" className="mt-1 text-xs text-slate-500">
          {t('compliance.settings.embargoedHint')}
        </p>
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-800 sm:col-span-2">
        <input
          type="checkbox"
          className="mt-1"
          checked={fetchEnabled}
          onChange={(event) => setFetchEnabled(event.target.checked)}
        />
        <span>
          {t('compliance.settings.fetch')}
          <span className="block text-xs text-slate-500">{t('compliance.settings.fetchHint')}</span>
        </span>
      </label>
      <div className="sm:col-span-2">
        {save.isError && <Alert className="mb-3">{save.error.message}</Alert>}
        {save.isSuccess && (
          <Alert tone="success" className="mb-3">
            {t('compliance.settings.saved')}
          </Alert>
        )}
        <Button type="submit" disabled={save.isPending}>
          {t('compliance.settings.save')}
        </Button>
      </div>
    </form>
  );
}
