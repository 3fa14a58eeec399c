import {
  KYC_DOCUMENT_TYPES,
  UPLOAD_MAX_BYTES,
  acceptAttributeFor,
  fileTypeFromName,
  isAllowedFileType,
  type KycDocument,
} from '@tradeops/shared';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { isApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { useUploadDocument } from '../api/upload-document';
import { DocumentStatusBadge } from './document-status-badge';

const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/** One required document: its state, and a drop zone or picker to upload (or replace) it. */
export function DocumentUploadCard({ document }: { document: KycDocument }) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const upload = useUploadDocument(document.documentType, setProgress);
  const types = KYC_DOCUMENT_TYPES[document.documentType].map((type) => type.toUpperCase()).join(', ');
  const isLocked = document.status === 'verified';
  const title = t(`kyc.documentTypes.${document.documentType}`);

  function send(file: File | undefined) {
    if (!file || isLocked || upload.isPending) return;
    setError(null);
    // Quick checks for fast feedback; the server decides from the file's content.
    if (file.size > UPLOAD_MAX_BYTES) return setError(t('onboarding.tooLarge', { size: MAX_MB }));
    const claimed = fileTypeFromName(file.name);
    if (claimed === 'unknown' || (claimed && !isAllowedFileType(document.documentType, claimed))) {
      return setError(t('onboarding.wrongType', { types }));
    }
    setProgress(0);
    upload.mutate(file, {
      onError: (cause) => {
        const detail = isApiError(cause) && cause.isClientError ? ` ${cause.message}` : '';
        setError(`${t('errors.documentUpload')}${detail}`);
      },
    });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragging(false);
    send(event.dataTransfer.files[0]);
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
          <p className="mt-0.5 text-xs text-slate-500">{t('onboarding.allowedTypes', { types, size: MAX_MB })}</p>
        </div>
        <DocumentStatusBadge status={document.status} />
      </div>

      {document.fileName && <p className="mt-2 truncate text-sm text-slate-700">{document.fileName}</p>}
      {document.status === 'rejected' && document.rejectReason && (
        <p className="mt-2 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800" role="note">
          {t('onboarding.rejectedReason', { reason: document.rejectReason })}
        </p>
      )}

      {isLocked ? (
        <p className="mt-3 text-sm text-emerald-800">{t('onboarding.locked')}</p>
      ) : (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={onDrop}
          className={cx(
            'mt-3 flex flex-wrap items-center justify-center gap-1 rounded-lg border-2 border-dashed px-3 py-4 text-sm',
            isDragging ? 'border-accent-600 bg-accent-50' : 'border-slate-300 bg-slate-50',
          )}
        >
          <span className="text-slate-600">{t('onboarding.dropHere')}</span>
          <label
            htmlFor={inputId}
            className="cursor-pointer font-semibold text-accent-800 underline underline-offset-2"
          >
            {actionLabel}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            className="sr-only"
            accept={acceptAttributeFor(document.documentType)}
            aria-label={`${title}: ${actionLabel}`}
            disabled={upload.isPending}
            onChange={(event) => {
              send(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
      )}

      {upload.isPending && (
        <div className="mt-3">
          <p className="mb-1 text-xs text-slate-600">{t('onboarding.uploading')}</p>
          <ProgressBar
            value={Math.round(progress * 100)}
            max={100}
            label={t('onboarding.uploadProgress')}
            valueText={`${Math.round(progress * 100)}%`}
          />
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}
