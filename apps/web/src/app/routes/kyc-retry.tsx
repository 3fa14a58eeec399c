import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { useKycStatus } from '../../features/kyc/api/get-kyc-status';
import { KycLoadError } from '../../features/kyc/components/kyc-load-error';
import { useSyncSessionKycStatus } from '../../features/kyc/hooks/use-sync-session';
import { PageHeader } from '../../components/ui/page-header';

/** /kyc-cuenta/reintentar: the rejection reason and a retry button back to /kyc-cuenta. */
export function KycRetryPage() {
  const { t } = useTranslation();
  const status = useKycStatus();
  useSyncSessionKycStatus(status.data?.kycStatus);
  const reason = status.data?.kycRejectReason;

  return (
    <div className="flex-1 bg-slate-50 py-12 sm:py-20">
      <Container className="max-w-2xl">
        {status.isError ? (
          <KycLoadError onRetry={() => void status.refetch()} />
        ) : (
          <section className="rounded-xl border border-rose-200 bg-white p-6 shadow-sm sm:p-10">
            <PageHeader variant="plain" title={t('kyc.retry.title')} />
            <p className="mt-3 text-slate-700">{t('kyc.retry.text')}</p>
            <div className="mt-5 rounded-lg bg-rose-50 p-4">
              <p className="text-sm font-semibold text-rose-900">{t('kyc.retry.reasonLabel')}</p>
              <p className="mt-1 text-rose-900" data-testid="kyc-reject-reason">
                {status.data ? (reason ?? t('kyc.retry.noReason')) : t('common.loading')}
              </p>
            </div>
            <div className="mt-6">
              <ButtonLink to="/kyc-cuenta">{t('kyc.retry.retry')}</ButtonLink>
            </div>
          </section>
        )}
      </Container>
    </div>
  );
}
