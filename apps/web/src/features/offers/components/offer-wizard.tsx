import {
  COUNTRY_CODES,
  INCOTERMS,
  INSURANCE_PAYERS,
  OFFER_IMAGE_ACCEPT,
  OFFER_SPEC_ACCEPT,
  OFFER_STEPS,
  OPERATION_TYPES,
  PRODUCT_CATEGORIES,
  UPLOAD_MAX_MB,
  ZOfferRequest,
  computeTotalCents,
  defaultOfferTitle,
  formatUsd,
  usdToCents,
  type OfferField as OfferFieldName,
  type OfferValues,
} from '@tradeops/shared';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FileDrop } from '../../../components/ui/file-drop';
import { Field, Form, showServerError, useZodForm } from '../../../components/ui/form';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { isApiError } from '../../../lib/api-client';
import { toLocale } from '../../../lib/format';
import { useSaveOffer } from '../api/offers';
import { EMPTY_OFFER, OFFER_DRAFT_STORAGE_KEY, type OfferFormValues, useOfferDraft } from '../hooks/use-offer-draft';
import { PlatformFeeNotice } from './platform-fee-notice';

/** Which step owns a field (server field errors send the user back there). */
function stepOf(field: string): number {
  const index = OFFER_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field));
  return index === -1 ? 0 : index;
}

/** The step of the first field with a problem, if any. */
function firstStepWithError(errors: object): number | null {
  const steps = Object.keys(errors)
    .filter((field) => field !== 'root')
    .map(stepOf);
  return steps.length > 0 ? Math.min(...steps) : null;
}

interface OfferWizardProps {
  /** Set when editing a saved offer (no draft is kept then). */
  offerId?: string;
  initialValues?: OfferFormValues;
  hasImage?: boolean;
  hasSpec?: boolean;
  onSaved?: (id: string) => void;
}

/**
 * The 4-step offer form (spec §2/§5, issue 28): product, volume and price, dates, trade terms. Each
 * step checks its own fields with the shared schema before moving on; the
 * draft survives going back and reloading (sessionStorage); saving sends the
 * form and the files in one request.
 */
export function OfferWizard({ offerId, initialValues, hasImage, hasSpec, onSaved }: OfferWizardProps) {
  const { t, i18n } = useTranslation();
  const isEdit = Boolean(offerId);
  const draft = useOfferDraft(isEdit ? null : OFFER_DRAFT_STORAGE_KEY, initialValues ?? EMPTY_OFFER);
  const { step } = draft;
  // The form holds what was typed (strings, "" for a select not chosen yet); the schema parses it on submit.
  const form = useZodForm(ZOfferRequest, { mode: 'onSubmit', defaultValues: draft.values as never });
  const values = form.watch() as OfferFormValues;
  const [image, setImage] = useState<File | null>(null);
  const [spec, setSpec] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const save = useSaveOffer(offerId, setProgress);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The draft follows every keystroke, so a reload or a step back loses nothing.
  const { setValues } = draft;
  useEffect(() => {
    const subscription = form.watch((next) => setValues(next as OfferFormValues));
    return () => subscription.unsubscribe();
  }, [form, setValues]);

  function clearForm() {
    draft.reset();
    form.reset(EMPTY_OFFER as never);
  }

  function goTo(next: number) {
    draft.setStep(next);
    setFailure(null);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  async function onNext() {
    const isStepValid = await form.trigger([...OFFER_STEPS[step]!.fields] as OfferFieldName[]);
    if (isStepValid) goTo(step + 1);
  }

  function onInvalid(errors: object) {
    const first = firstStepWithError(errors);
    if (first !== null && first !== step) goTo(first);
  }

  function onSubmit(data: OfferValues) {
    setFailure(null);
    setDetail(null);
    setProgress(0);
    save.mutate(
      { values: data, files: { image, spec } },
      {
        onSuccess: ({ id }) => {
          if (!isEdit) {
            clearForm();
            setImage(null);
            setSpec(null);
            setCreatedId(id);
          }
          onSaved?.(id);
        },
        onError: (error) => {
          setFailure(t(isEdit ? 'offers.wizard.updateError' : 'offers.wizard.createError'));
          if (!isApiError(error)) return;
          if (error.fields) {
            showServerError(form, error);
            onInvalid(error.fields);
          } else if (error.isClientError) {
            setDetail(error.message);
          }
        },
      },
    );
  }

  if (createdId) {
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 className="text-xl font-semibold text-brand-900">{t('offers.wizard.successTitle')}</h2>
        <p className="mt-2 text-slate-600">{t('offers.wizard.successText')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/seller/offers">{t('offers.wizard.goToOffers')}</ButtonLink>
          <Button variant="secondary" onClick={() => setCreatedId(null)}>
            {t('offers.wizard.createAnother')}
          </Button>
        </div>
      </div>
    );
  }

  const originName = values.originCountry ? t(`countries.${values.originCountry}` as never) : '';
  const titleDefault = values.productName.trim() ? defaultOfferTitle(values.productName, originName) : '';
  const totalCents = (() => {
    const tons = Number(values.totalTons);
    const price = Number(values.priceUsd);
    if (!Number.isInteger(tons) || tons <= 0 || !(price > 0)) return null;
    return computeTotalCents(usdToCents(price), tons);
  })();

  const text = (field: OfferFieldName, props: { type?: string; hint?: string; className?: string } = {}) => (
    <Field name={field} label={t(`offers.fields.${field}`)} hint={props.hint} className={props.className}>
      {(control) => (
        <input {...control} type={props.type ?? 'text'} inputMode={props.type === 'number' ? 'decimal' : undefined} />
      )}
    </Field>
  );
  const select = (field: OfferFieldName, options: readonly string[], labelOf: (value: string) => string) => (
    <Field name={field} label={t(`offers.fields.${field}`)}>
      {(control) => (
        <select {...control}>
          <option value="">{t('offers.wizard.choose')}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const countryLabel = (code: string) => t(`countries.${code}` as never);

  const steps: ReactNode[] = [
    <div key="product" className="grid gap-5 sm:grid-cols-2">
      {text('productName', { className: 'sm:col-span-2' })}
      {select('productCategory', PRODUCT_CATEGORIES, (value) => t(`productCategories.${value}` as never))}
      {select('type', OPERATION_TYPES, (value) => t(`offers.types.${value}` as never))}
      {select('originCountry', COUNTRY_CODES, countryLabel)}
      {select('destinationCountry', COUNTRY_CODES, countryLabel)}
      {text('arrivalPort', { className: 'sm:col-span-2' })}
      {text('specification', { className: 'sm:col-span-2', hint: t('offers.fields.specificationHint') })}
      {text('title', {
        className: 'sm:col-span-2',
        hint: titleDefault ? t('offers.wizard.titleDefaultHint', { title: titleDefault }) : undefined,
      })}
      <Field name="description" label={t('offers.fields.description')} className="sm:col-span-2">
        {(control) => <textarea {...control} rows={4} />}
      </Field>
      <fieldset className="rounded-xl border border-slate-200 p-4 sm:col-span-2">
        <legend className="px-1 text-sm font-semibold text-brand-900">{t('offers.wizard.optionalEnglish')}</legend>
        <p className="mb-3 text-xs text-slate-500">{t('offers.wizard.optionalEnglishHint')}</p>
        <div className="grid gap-4">
          {text('titleEn')}
          {text('specificationEn')}
          <Field name="descriptionEn" label={t('offers.fields.descriptionEn')}>
            {(control) => <textarea {...control} rows={3} lang="en" />}
          </Field>
        </div>
      </fieldset>
      <FilePicker
        label={t('offers.fields.image')}
        hint={[t('offers.fields.imageHint'), hasImage ? t('offers.fields.keepCurrentFile') : null]
          .filter(Boolean)
          .join(' ')}
        accept={OFFER_IMAGE_ACCEPT}
        file={image}
        onChange={setImage}
      />
      <FilePicker
        label={t('offers.fields.spec')}
        hint={[
          t('offers.fields.specHint', { size: UPLOAD_MAX_MB }),
          hasSpec ? t('offers.fields.keepCurrentFile') : null,
        ]
          .filter(Boolean)
          .join(' ')}
        accept={OFFER_SPEC_ACCEPT}
        file={spec}
        onChange={setSpec}
      />
      {!isEdit && <p className="text-xs text-slate-500 sm:col-span-2">{t('offers.wizard.filesNotKept')}</p>}
    </div>,
    <div key="volume" className="grid gap-5 sm:grid-cols-2">
      {text('totalTons', { type: 'number', hint: t('offers.fields.lotHint') })}
      {text('priceUsd', { type: 'number' })}
      {text('minVolume', { type: 'number', hint: t('offers.fields.lotHint') })}
      {text('maxPerParticipantTons', { type: 'number', hint: t('offers.fields.lotHint') })}
      <div className="rounded-xl bg-slate-50 p-4 sm:col-span-2">
        <p className="text-sm text-slate-600">{t('offers.wizard.totalValue')}</p>
        <p className="mt-1 text-2xl font-bold text-brand-900" data-testid="offer-total">
          {totalCents === null ? '—' : formatUsd(totalCents, toLocale(i18n.language))}
        </p>
        <PlatformFeeNotice totalCents={totalCents} className="mt-2 text-sm text-slate-700" />
      </div>
    </div>,
    <div key="dates" className="grid gap-5 sm:grid-cols-3">
      {text('deadline', { type: 'date' })}
      {text('expectedDeparture', { type: 'date' })}
      {text('expectedArrival', { type: 'date' })}
    </div>,
    <div key="terms" className="grid gap-5 sm:grid-cols-2">
      {select('incoterm', INCOTERMS, (value) => value)}
      {text('namedPlace', { hint: t('tradeTerms.namedPlaceHint') })}
      {text('shipmentFrom', { type: 'date' })}
      {text('shipmentTo', { type: 'date' })}
      {text('quantityTolerancePercent', { type: 'number' })}
      {text('inspectionBody', { hint: t('tradeTerms.inspectionBodyHint') })}
      {text('qualitySpecification', { className: 'sm:col-span-2' })}
      {select('insurancePayer', INSURANCE_PAYERS, (value) => t(`tradeTerms.insurerOptions.${value}` as never))}
      {text('insuredPercent', { type: 'number' })}
      <Field
        name="paymentTerms"
        label={t('offers.fields.paymentTerms')}
        hint={`${t('tradeTerms.paymentStandard')} ${t('tradeTerms.paymentTermsHint')}`}
        className="sm:col-span-2"
      >
        {(control) => <textarea {...control} rows={2} />}
      </Field>
    </div>,
  ];

  const isLast = step === OFFER_STEPS.length - 1;
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onInvalidSubmit={onInvalid}
      onSubmitStep={isLast ? undefined : () => void onNext()}
      hasRootAlert={false}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <ol
        className="mb-6 grid grid-cols-2 gap-2 sm:grid-cols-4"
        aria-label={t('offers.wizard.stepOf', { current: step + 1, total: OFFER_STEPS.length })}
      >
        {OFFER_STEPS.map((item, index) => (
          <li
            key={item.key}
            aria-current={index === step ? 'step' : undefined}
            className={
              index === step
                ? 'rounded-lg bg-accent-700 px-2 py-2 text-center text-xs font-semibold text-white sm:text-sm'
                : index < step
                  ? 'rounded-lg bg-accent-50 px-2 py-2 text-center text-xs font-semibold text-accent-900 sm:text-sm'
                  : 'rounded-lg bg-slate-100 px-2 py-2 text-center text-xs font-medium text-slate-600 sm:text-sm'
            }
          >
            <span className="block text-[0.7rem] opacity-80">{index + 1}</span>
            {t(`offers.steps.${item.key}`)}
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-brand-900 focus:outline-none">
        {t(`offers.steps.${OFFER_STEPS[step]!.key}`)}
        <span className="ml-2 text-sm font-normal text-slate-500">
          {t('offers.wizard.stepOf', { current: step + 1, total: OFFER_STEPS.length })}
        </span>
      </h2>
      {!isEdit && <p className="mt-1 text-xs text-slate-500">{t('offers.wizard.draftSaved')}</p>}
      <div className="mt-6">{steps[step]}</div>
      {failure && (
        <Alert className="mt-6">
          <p className="font-semibold">{failure}</p>
          {detail && <p className="mt-1">{detail}</p>}
        </Alert>
      )}
      {save.isPending && (image || spec) && (
        <div className="mt-6">
          <p className="mb-1 text-xs text-slate-600">{t('offers.wizard.uploading')}</p>
          <ProgressBar
            value={Math.round(progress * 100)}
            max={100}
            label={t('offers.wizard.uploadProgress')}
            valueText={`${Math.round(progress * 100)}%`}
          />
        </div>
      )}
      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" disabled={step === 0 || save.isPending} onClick={() => goTo(step - 1)}>
          {t('offers.wizard.back')}
        </Button>
        <div className="flex flex-wrap gap-3">
          {!isEdit && (
            <Button
              variant="ghost"
              disabled={save.isPending}
              onClick={() => {
                clearForm();
                setImage(null);
                setSpec(null);
              }}
            >
              {t('offers.wizard.discardDraft')}
            </Button>
          )}
          <Button type="submit" disabled={save.isPending}>
            {!isLast
              ? t('offers.wizard.next')
              : save.isPending
                ? t('offers.wizard.submitting')
                : isEdit
                  ? t('offers.wizard.saveChanges')
                  : t('offers.wizard.submit')}
          </Button>
        </div>
      </div>
    </Form>
  );
}

/** A file of the offer, picked or dropped now and sent with the form on the last step. */
function FilePicker({
  label,
  hint,
  accept,
  file,
  onChange,
}: {
  label: string;
  hint: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className="min-w-0">
      <p className="mb-1.5 block text-sm font-medium text-slate-800">{label}</p>
      <FileDrop
        accept={accept}
        dropLabel={t('offers.fields.dropHere')}
        chooseLabel={t('offers.fields.chooseFile')}
        inputLabel={label}
        inputDescribedBy={hintId}
        onFile={onChange}
      />
      <p className="mt-1 truncate text-sm text-slate-600">{file ? file.name : t('offers.fields.noFile')}</p>
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}
