import {
  INSPECTION_RESULTS,
  LIFECYCLE_DOCUMENT_REQUIRED,
  type LifecycleStep,
  type RecordMilestoneFields,
  ZRecordMilestoneFields,
  todayIsoDate,
} from '@tradeops/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FileDrop } from '../../../components/ui/file-drop';
import { Field, Form, FormRootAlert, setFormError, showServerError, useZodForm } from '../../../components/ui/form';
import { useRecordStep } from '../api/lifecycle';

/** The request's fields; an inspection also needs its result. */
function stepSchema(step: LifecycleStep) {
  return step === 'inspection'
    ? ZRecordMilestoneFields.refine((value) => value.result !== undefined, {
        message: 'lifecycle.resultRequired',
        path: ['result'],
      })
    : ZRecordMilestoneFields;
}

/** Records the deal's next step: its date, notes, inspection result and supporting document. */
export function StepForm({ operationId, step }: { operationId: string; step: LifecycleStep }) {
  const { t } = useTranslation();
  const id = useId();
  const [progress, setProgress] = useState(0);
  const record = useRecordStep(operationId, step, setProgress);
  const [file, setFile] = useState<File | null>(null);
  const form = useZodForm(stepSchema(step), {
    mode: 'onSubmit',
    defaultValues: { occurredAt: todayIsoDate(), notes: '' },
  });
  const isDocumentRequired = LIFECYCLE_DOCUMENT_REQUIRED[step];
  const isInspection = step === 'inspection';
  const resultError = form.formState.errors.result?.message;

  async function submit({ notes, ...fields }: RecordMilestoneFields) {
    if (isDocumentRequired && !file) return setFormError(form, t('errors.DOCUMENT_REQUIRED'));
    setProgress(0);
    try {
      await record.mutateAsync({
        fields: { ...fields, ...(notes?.trim() ? { notes: notes.trim() } : {}) },
        document: file,
      });
      form.reset({ occurredAt: fields.occurredAt, notes: '', result: undefined });
      setFile(null);
    } catch (cause) {
      showServerError(form, cause);
    }
  }

  return (
    <Form form={form} onSubmit={submit} hasRootAlert={false} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {t('lifecycle.recordStep', { step: t(`lifecycle.steps.${step}`) })}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field<RecordMilestoneFields> name="occurredAt" label={t('lifecycle.date')}>
          {(control) => <input {...control} type="date" required max={todayIsoDate()} />}
        </Field>
        <div>
          <p className="mb-1.5 block text-sm font-medium text-slate-800">
            {t(`lifecycle.documents.${step}`)}
            {!isDocumentRequired && <span className="font-normal text-slate-500"> ({t('lifecycle.optional')})</span>}
          </p>
          <FileDrop
            accept=".pdf,.jpg,.jpeg,.png"
            dropLabel={t('lifecycle.dropHere')}
            chooseLabel={t('lifecycle.choose')}
            inputLabel={t(`lifecycle.documents.${step}`)}
            onFile={setFile}
            progress={record.isPending && file ? progress : null}
            uploadingLabel={t('lifecycle.uploading')}
            progressLabel={t('lifecycle.uploadProgress')}
          />
          {file && <p className="mt-1 text-xs text-slate-600">{t('lifecycle.chosenFile', { name: file.name })}</p>}
        </div>
      </div>
      {isInspection && (
        <fieldset aria-describedby={resultError ? `${id}-result-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t('lifecycle.inspectionResult')}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {INSPECTION_RESULTS.map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm">
                <input type="radio" value={value} {...form.register('result')} />
                {t(`lifecycle.results.${value}`)}
              </label>
            ))}
          </div>
          {resultError && (
            <p id={`${id}-result-error`} className="mt-1 text-sm text-red-700">
              {t(resultError as never)}
            </p>
          )}
        </fieldset>
      )}
      <Field<RecordMilestoneFields>
        name="notes"
        label={
          <>
            {t('lifecycle.notes')} <span className="font-normal text-slate-500">({t('lifecycle.optional')})</span>
          </>
        }
      >
        {(control) => <textarea {...control} rows={2} maxLength={1000} />}
      </Field>
      <FormRootAlert />
      <Button type="submit" disabled={record.isPending}>
        {record.isPending ? t('lifecycle.saving') : t('lifecycle.confirmStep')}
      </Button>
    </Form>
  );
}
