import {
  KYC_DOCUMENT_TYPES,
  UPLOAD_MAX_BYTES,
  acceptAttributeFor,
  fileTypeFromName,
  isAllowedFileType,
  type KycDocument,
} from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../components/ui/file-drop';
import { isApiError } from '../../../lib/api-client';
import { useUploadDocument } from '../api/upload-document';
import { DocumentStatusBadge } from './document-status-badge';
import { Alert } from '../../../components/ui/alert';

const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/**
 * One required document: its state, and a drop zone or picker to upload (or
 * replace) it; `isDisabled` while the account's e-mail address is unconfirmed.
 */
export function DocumentUploadCard({ document, isDisabled = false }: { document: KycDocument; isDisabled?: boolean }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadDocument(document.documentType, setProgress);
  const types = KYC_DOCUMENT_TYPES[document.documentType].map((type) => type.toUpperCase()).join(', ');
  const isLocked = document.status === 'verified';
  const title = t(`kyc.documentTypes.${document.documentType}`);

  function send(file: File | undefined) {
    if (!file || isLocked || isDisabled || upload.isPending) return;
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
