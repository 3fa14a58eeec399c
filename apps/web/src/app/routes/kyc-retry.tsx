import { getKycStage, getLandingPath } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { QueryState } from '../../components/ui/query-state';
import { useKycStatus } from '../../features/kyc/api/get-kyc-status';
import { useSyncSessionKycStatus } from '../../features/kyc/hooks/use-sync-session';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../components/ui/page-header';

/**
 * /kyc-cuenta/reintentar: the rejection reason, the rejected documents and a retry button back
 * to /kyc-cuenta. Only a rejected company reads it: a pending one goes to /kyc-cuenta/pendiente
 * (which says what is truly missing), an approved one on to the app.
 */
export function KycRetryPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const status = useKycStatus();
  useSyncSessionKycStatus(status.data?.kycStatus);
  const data = status.data;
  const stage = data ? getKycStage(data) : null;
  if (stage === 'approved') {
    return <Navigate to={user ? getLandingPath({ ...user, kycStatus: 'approved' }) : '/kyc-cuenta'} replace />;
  }
  if (stage && stage !== 'rejected') return <Navigate to="/kyc-cuenta/pendiente" replace />;
  const rejectedDocuments = data?.documents.filter((document) => document.status === 'rejected') ?? [];

  return (
    <div className="flex-1 bg-slate-50 py-12 sm:py-20">
      <Container className="max-w-2xl">
        <QueryState query={status} failure={t('errors.profileLoad')} skeletonClassName="h-72 w-full rounded-xl">
          {(data) => (
            <section className="rounded-xl border border-rose-200 bg-white p-6 shadow-sm sm:p-10">
              <PageHeader variant="plain" title={t('kyc.retry.title')} />
              <p className="mt-3 text-slate-700">{t('kyc.retry.text')}</p>
              <div className="mt-5 rounded-lg bg-rose-50 p-4">
                <p className="text-sm font-semibold text-rose-900">{t('kyc.retry.reasonLabel')}</p>
                <p className="mt-1 text-rose-900" data-testid="kyc-reject-reason">
                  {data.kycRejectReason ?? t('kyc.retry.noReason')}
                </p>
                {rejectedDocuments.length > 0 && (
                  <>
                    <p className="mt-4 text-sm font-semibold text-rose-900">{t('onboarding.rejectedDocumentsTitle')}</p>
                    <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-rose-900">
                      {rejectedDocuments.map((document) => (
                        <li key={document.documentType}>
                          {t(`kyc.documentTypes.${document.documentType}`)}
                          {document.rejectReason && (
                            <> — {t('onboarding.rejectedReason', { reason: document.rejectReason })}</>
                          )}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
              <div className="mt-6">
                <ButtonLink to="/kyc-cuenta">{t('kyc.retry.retry')}</ButtonLink>
              </div>
            </section>
          )}
        </QueryState>
      </Container>
    </div>
  );
}
