import { type PartnerStep, todayIsoDate } from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/form';
import { isApiError } from '../../../lib/api-client';
import { useRecordPartnerStep } from '../api/partners';

/** One labelled input of the step form; a field the server refused shows its message. */
function Input({
  name,
  label,
  hint,
  error,
  multiline,
  ...props
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  multiline?: boolean;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `partner-step-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          name={name}
          rows={3}
          required={props.required}
          aria-invalid={error ? true : undefined}
          className={`mt-1 ${inputClasses(Boolean(error))}`}
        />
      ) : (
        <input
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          className={`mt-1 ${inputClasses(Boolean(error))}`}
          {...props}
        />
      )}
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

/**
 * Records one step of a partner's role: its date and notes, and the step's own details (the
 * departure's B/L, vessel, voyage and containers; the inspection's result, net weight, quality and
 * certificate; an ETA update's date). One column, full-width fields: usable on a phone at the quay.
 */
export function PartnerStepForm({ operationId, step }: { operationId: string; step: PartnerStep }) {
  const { t } = useTranslation();
  const record = useRecordPartnerStep(operationId);
  const [saved, setSaved] = useState(false);
  const fieldError = (name: string) => {
    const key = isApiError(record.error) ? record.error.fields?.[name] : undefined;
    return key ? t(key, { defaultValue: key }) : undefined;
  };
  const needsDocument = step === 'departure' || step === 'inspection';

  return (
    <form
      className="flex flex-col gap-4"
      data-testid={`partner-step-${step}`}
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        const form = new FormData(event.currentTarget);
        const file = form.get('document');
        if (file instanceof File && file.size === 0) form.delete('document');
        record.mutate({ step, form }, { onSuccess: () => setSaved(true) });
      }}
    >
      <Input
        name="occurredAt"
        type="date"
        required
        defaultValue={todayIsoDate()}
        label={t('partnerArea.fields.occurredAt')}
        error={fieldError('occurredAt')}
      />
      {step === 'departure' && (
        <>
          <Input name="blNumber" required label={t('partnerArea.fields.blNumber')} error={fieldError('blNumber')} />
          <Input name="vessel" required label={t('partnerArea.fields.vessel')} error={fieldError('vessel')} />
          <Input name="voyage" required label={t('partnerArea.fields.voyage')} error={fieldError('voyage')} />
          <Input
            name="containers"
            required
            multiline
            label={t('partnerArea.fields.containers')}
            hint={t('partnerArea.fields.containersHint')}
            error={fieldError('containers')}
          />
        </>
      )}
      {step === 'eta_update' && (
        <Input name="eta" type="date" required label={t('partnerArea.fields.eta')} error={fieldError('eta')} />
      )}
      {step === 'inspection' && (
        <>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">{t('partnerArea.fields.result')}</legend>
            <div className="mt-1 flex gap-6">
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="result" value="passed" required defaultChecked />{' '}
                {t('partnerArea.fields.passed')}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="result" value="failed" /> {t('partnerArea.fields.failed')}
              </label>
            </div>
          </fieldset>
          <Input
            name="netWeightKg"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            label={t('partnerArea.fields.netWeight')}
            error={fieldError('netWeightKg')}
          />
          <Input
            name="quality"
            multiline
            label={t('partnerArea.fields.quality')}
            hint={t('partnerArea.fields.qualityHint')}
            error={fieldError('quality')}
          />
        </>
      )}
      <Input name="notes" multiline label={t('partnerArea.fields.notes')} error={fieldError('notes')} />
      <Input
        name="document"
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        required={needsDocument}
        label={
          step === 'departure'
            ? t('partnerArea.fields.documentDeparture')
            : step === 'inspection'
              ? t('partnerArea.fields.documentInspection')
              : t('partnerArea.fields.document')
        }
      />
      {record.error && <Alert>{record.error.message}</Alert>}
      {saved && <Alert tone="success">{t('partnerArea.saved')}</Alert>}
      <Button type="submit" className="w-full sm:w-auto" disabled={record.isPending}>
        {record.isPending ? t('partnerArea.saving') : t('partnerArea.submit')}
      </Button>
    </form>
  );
}
