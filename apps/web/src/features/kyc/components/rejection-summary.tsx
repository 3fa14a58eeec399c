import { type KycStatusResponse } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';

/**
 * Why the company cannot go on: the reviewer's reason for rejecting the company (its
 * kyc_rejection_reason) and each rejected document with its reason. Nothing when neither applies.
 */
export function RejectionSummary({ data, showNext = true }: { data: KycStatusResponse; showNext?: boolean }) {
  const { t } = useTranslation();
  const isRejected = data.kycStatus === 'rejected';
  const rejectedDocuments = data.documents.filter((document) => document.status === 'rejected');
  if (!isRejected && rejectedDocuments.length === 0) return null;
  return (
    <section
      className="mt-8 rounded-xl border border-rose-200 bg-rose-50 p-5 text-rose-900"
      data-testid="kyc-rejection"
    >
      {isRejected && (
        <>
          <h2 className="font-semibold">{t('onboarding.rejectedTitle')}</h2>
          <p className="mt-2 text-sm">
            <span className="font-semibold">{t('kyc.retry.reasonLabel')}: </span>
            <span data-testid="kyc-reject-reason">{data.kycRejectReason ?? t('kyc.retry.noReason')}</span>
          </p>
        </>
      )}
      {rejectedDocuments.length > 0 && (
        <>
          <h3 className={isRejected ? 'mt-4 text-sm font-semibold' : 'font-semibold'}>
            {t('onboarding.rejectedDocumentsTitle')}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {rejectedDocuments.map((document) => (
              <li key={document.documentType} data-testid={`kyc-rejected-${document.documentType}`}>
                <span className="font-medium">{t(`kyc.documentTypes.${document.documentType}`)}</span>
                {document.rejectReason && <> — {t('onboarding.rejectedReason', { reason: document.rejectReason })}</>}
              </li>
            ))}
          </ul>
        </>
      )}
      {showNext && <p className="mt-4 text-sm">{t('onboarding.rejectedNext')}</p>}
    </section>
  );
}
