import { KYC_REVIEW_BUSINESS_HOURS } from '@tradeops/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { kycStatusQueryOptions } from '../../features/kyc/api/get-kyc-status';
import { KycLoadError } from '../../features/kyc/components/kyc-load-error';
import { useSyncSessionKycStatus } from '../../features/kyc/hooks/use-sync-session';
import { useRealtimeInvalidation, useRealtimeStatus } from '../../lib/realtime';
import { PageHeader } from '../../components/ui/page-header';

const KYC_LIVE = [{ kinds: ['profile'], queryKey: kycStatusQueryOptions.queryKey }] as const;

/**
 * /kyc-cuenta/pendiente: verification in progress (up to 48 business hours). The
 * decision arrives live (a `profile` event); while the live stream is down it checks every 30 s.
 */
export function KycPendingPage() {
  const { t } = useTranslation();
  useRealtimeInvalidation(KYC_LIVE);
  const isLive = useRealtimeStatus() === 'open';
  const status = useQuery({ ...kycStatusQueryOptions, refetchInterval: isLive ? false : 30_000 });
  useSyncSessionKycStatus(status.data?.kycStatus);
  const data = status.data;
  if (data?.kycStatus === 'rechazado') return <Navigate to="/kyc-cuenta/reintentar" replace />;
  if (data?.kycStatus === 'aprobado') return <Navigate to="/kyc-cuenta" replace />;
  const isMissing = data?.documents.some((d) => d.status === 'pending' || d.status === 'rejected') ?? false;

  return (
    <div className="flex-1 bg-slate-50 py-12 sm:py-20">
      <Container className="max-w-2xl">
        {status.isError ? (
          <KycLoadError onRetry={() => void status.refetch()} />
        ) : (
          <section className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
            <div
              aria-hidden="true"
              className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-50 text-2xl text-amber-700"
            >
              ⏳
            </div>
            <PageHeader variant="plain" title={t('kyc.pending.title')} className="mt-4" />
            <p className="mt-3 text-slate-700">{t('kyc.pending.text', { hours: KYC_REVIEW_BUSINESS_HOURS })}</p>
            <p className="mt-2 text-sm text-slate-600">{t('kyc.pending.notify')}</p>
            {isMissing && (
              <p className="mt-5 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {t('kyc.pending.missingDocuments')}
              </p>
            )}
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              {isMissing && <ButtonLink to="/onboarding">{t('kyc.account.goToOnboarding')}</ButtonLink>}
              <ButtonLink to="/kyc-cuenta" variant={isMissing ? 'secondary' : 'primary'}>
                {t('kyc.pending.backToStatus')}
              </ButtonLink>
            </div>
          </section>
        )}
      </Container>
    </div>
  );
}
