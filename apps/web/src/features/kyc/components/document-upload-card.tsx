import {
  DOCUMENT_DATES,
  type DocumentDates,
  KYC_DOCUMENT_TYPES,
  findDocumentDateProblem,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
  acceptAttributeFor,
  fileTypeFromName,
  isAllowedFileType,
  type KycDocument,
} from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../components/ui/file-drop';
import { inputClasses } from '../../../components/ui/form';
import { isApiError } from '../../../lib/api-client';
import { useUploadDocument } from '../api/upload-document';
import { DocumentStatusBadge } from './document-status-badge';
import { Alert } from '../../../components/ui/alert';

/**
 * One required document: its state, and a drop zone or picker to upload (or
 * replace) it; `isDisabled` while the account's e-mail address is unconfirmed.
 */
export function DocumentUploadCard({
  document,
  isDisabled = false,
  isRenewing = false,
}: {
  document: KycDocument;
  isDisabled?: boolean;
  /** The KYC renewal is open: verified documents may be sent again. */
  isRenewing?: boolean;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadDocument(document.documentType, setProgress);
  const types = KYC_DOCUMENT_TYPES[document.documentType].map((type) => type.toUpperCase()).join(', ');
  const isLocked = document.status === 'verified' && !isRenewing;
  const dateFields = DOCUMENT_DATES[document.documentType];
  const [dates, setDates] = useState<DocumentDates>({});
  const setDate = (field: keyof DocumentDates, value: string) =>
    setDates((current) => ({ ...current, [field]: value || null }));
  const title = t(`kyc.documentTypes.${document.documentType}`);

  function send(file: File | undefined) {
    if (!file || isLocked || isDisabled || upload.isPending) return;
    setError(null);
    // Quick checks for fast feedback; the server decides from the file's content.
    if (file.size > UPLOAD_MAX_BYTES) return setError(t('onboarding.tooLarge', { size: UPLOAD_MAX_MB }));
    const claimed = fileTypeFromName(file.name);
    if (claimed === 'unknown' || (claimed && !isAllowedFileType(document.documentType, claimed))) {
      return setError(t('onboarding.wrongType', { types }));
    }
    const dateProblem = findDocumentDateProblem(document.documentType, dates, new Date(), { isUpload: true });
    // The key is one of kyc.dates.* (the shared rule names it).
    if (dateProblem) return setError(t(dateProblem.key as 'kyc.dates.invalid'));
    setProgress(0);
    upload.mutate(
      { file, dates },
      {
        onError: (cause) => {
          const detail = isApiError(cause) && cause.isClientError ? ` ${cause.message}` : '';
          setError(`${t('errors.documentUpload')}${detail}`);
        },
      },
    );
  }

  const actionLabel =
    document.status === 'rejected'
      ? t('onboarding.uploadAgain')
      : document.status === 'uploaded'
        ? t('onboarding.replace')
        : t('onboarding.choose');

  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid={`document-${document.documentType}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-brand-900">{title}</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            {t('onboarding.allowedTypes', { types, size: UPLOAD_MAX_MB })}
          </p>
        </div>
        <DocumentStatusBadge status={document.status} />
      </div>

      {document.fileName && <p className="mt-2 truncate text-sm text-slate-700">{document.fileName}</p>}
      {document.status === 'rejected' && document.rejectReason && (
        <p className="mt-2 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800" role="note">
          {t('onboarding.rejectedReason', { reason: document.rejectReason })}
        </p>
      )}

      {!isLocked && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <DateInput
            id={`${document.documentType}-issued`}
            label={`${t('kyc.dates.issuedOn')}${document.documentType === 'proof_address' ? ` (${t('kyc.dates.issuedOnRequiredLabel')})` : ''}`}
            value={dates.issuedOn ?? ''}
            onChange={(value) => setDate('issuedOn', value)}
          />
          {dateFields.expires && (
            <DateInput
              id={`${document.documentType}-expires`}
              label={t('kyc.dates.expiresOn')}
              value={dates.expiresOn ?? ''}
              onChange={(value) => setDate('expiresOn', value)}
            />
          )}
          {dateFields.holderBirthDate && (
            <DateInput
              id={`${document.documentType}-birth`}
              label={t('kyc.dates.holderBirthDate')}
              value={dates.holderBirthDate ?? ''}
              onChange={(value) => setDate('holderBirthDate', value)}
            />
          )}
        </div>
      )}

      {isLocked ? (
        <p className="mt-3 text-sm text-emerald-800">{t('onboarding.locked')}</p>
      ) : (
        <FileDrop
          className="mt-3"
          accept={acceptAttributeFor(document.documentType)}
          dropLabel={t('onboarding.dropHere')}
          chooseLabel={actionLabel}
          inputLabel={`${title}: ${actionLabel}`}
          isDisabled={isDisabled}
          onFile={send}
          progress={upload.isPending ? progress : null}
          uploadingLabel={t('onboarding.uploading')}
          progressLabel={t('onboarding.uploadProgress')}
        />
      )}

      {error && <Alert className="mt-3">{error}</Alert>}
    </li>
  );
}

function DateInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={`mt-1 ${inputClasses(false)}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
