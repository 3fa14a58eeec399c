import { INSPECTION_RESULTS, LIFECYCLE_DOCUMENT_REQUIRED, type LifecycleStep } from '@tradeops/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useLifecycleAction } from '../api/lifecycle';
import { Alert } from '../../../components/ui/alert';

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Records the deal's next step: its date, notes, inspection result and supporting document. */
export function StepForm({ operationId, step }: { operationId: string; step: LifecycleStep }) {
  const { t } = useTranslation();
  const id = useId();
  const action = useLifecycleAction(operationId);
  const [date, setDate] = useState(today);
  const [notes, setNotes] = useState('');
  const [result, setResult] = useState<string>('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isDocumentRequired = LIFECYCLE_DOCUMENT_REQUIRED[step];
  const isInspection = step === 'inspection';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isInspection && !result) return setError(t('lifecycle.resultRequired'));
    if (isDocumentRequired && !file) return setError(t('errors.DOCUMENT_REQUIRED'));
    setError(null);
    const form = new FormData();
    form.set('occurred_at', date);
    if (notes.trim()) form.set('notes', notes.trim());
    if (isInspection) form.set('result', result);
    if (file) form.set('document', file);
    try {
      await action.mutateAsync({ kind: 'step', step, form });
      setNotes('');
      setFile(null);
      setResult('');
    } catch (cause) {
      const fields = isApiError(cause) ? cause.fields : undefined;
      const firstField = fields ? Object.values(fields)[0] : undefined;
      setError(firstField ?? (cause instanceof Error ? cause.message : t('errors.INTERNAL_ERROR')));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {t('lifecycle.recordStep', { step: t(`lifecycle.steps.${step}`) })}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-date`} className="block text-sm font-medium text-slate-800">
            {t('lifecycle.date')}
          </label>
          <input
            id={`${id}-date`}
            type="date"
            required
            max={today()}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
          />
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
            {t(`lifecycle.documents.${step}`)}
            {!isDocumentRequired && <span className="font-normal text-slate-500"> ({t('lifecycle.optional')})</span>}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".pdf,.jpg,.jpeg,.png"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          />
        </div>
      </div>
      {isInspection && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('lifecycle.inspectionResult')}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {INSPECTION_RESULTS.map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-result`}
                  value={value}
                  checked={result === value}
                  onChange={() => setResult(value)}
                />
                {t(`lifecycle.results.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div>
        <label htmlFor={`${id}-notes`} className="block text-sm font-medium text-slate-800">
          {t('lifecycle.notes')} <span className="font-normal text-slate-500">({t('lifecycle.optional')})</span>
        </label>
        <textarea
          id={`${id}-notes`}
          rows={2}
          maxLength={1000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
        />
      </div>
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={action.isPending}>
        {action.isPending ? t('lifecycle.saving') : t('lifecycle.confirmStep')}
      </Button>
    </form>
  );
}
