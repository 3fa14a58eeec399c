import {
  KYC_REVIEW_BUSINESS_HOURS,
  type KycStatusResponse,
  getKycStage,
  getLandingPath,
  needsUpload,
} from '@tradeops/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { QueryState } from '../../components/ui/query-state';
import { kycStatusQueryOptions } from '../../features/kyc/api/get-kyc-status';
import { RejectionSummary } from '../../features/kyc/components/rejection-summary';
import { useSyncSessionKycStatus } from '../../features/kyc/hooks/use-sync-session';
import { useRealtimeInvalidation, useRealtimeStatus } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../components/ui/page-header';

const KYC_LIVE = [{ kinds: ['profile'], queryKey: kycStatusQueryOptions.queryKey }] as const;

/**
 * /kyc-cuenta/pendiente: where a pending verification truly stands. Sent documents are under
 * review (up to 48 business hours); missing, rejected or unsent ones send the company back to
 * /onboarding. The decision arrives live (a `profile` event); while the live stream is down it
 * checks every 30 s. A rejected company goes to the retry page, an approved one on to the app.
 */
export function KycPendingPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  useRealtimeInvalidation(KYC_LIVE);
  const isLive = useRealtimeStatus() === 'open';
  const status = useQuery({ ...kycStatusQueryOptions, refetchInterval: isLive ? false : 30_000 });
  useSyncSessionKycStatus(status.data?.kycStatus);
  const data = status.data;
  const stage = data ? getKycStage(data) : null;
  if (stage === 'rejected') return <Navigate to="/kyc-cuenta/reintentar" replace />;
  if (stage === 'approved') {
    return <Navigate to={user ? getLandingPath({ ...user, kycStatus: 'approved' }) : '/kyc-cuenta'} replace />;
  }

  return (
    <div className="flex-1 bg-slate-50 py-12 sm:py-20">
      <Container className="max-w-2xl">
        <QueryState query={status} failure={t('errors.profileLoad')} skeletonClassName="h-72 w-full rounded-xl">
          {(data) =>
            stage === 'in_review' ? <InReview /> : <NeedsCompany data={data} isUnsent={stage === 'unsent'} />
          }
        </QueryState>
      </Container>
    </div>
  );
}

function InReview() {
  const { t } = useTranslation();
  return (
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
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/kyc-cuenta">{t('kyc.pending.backToStatus')}</ButtonLink>
      </div>
    </section>
  );
}

/** Nothing is under review yet: documents are missing, rejected, or uploaded and not sent. */
function NeedsCompany({ data, isUnsent }: { data: KycStatusResponse; isUnsent: boolean }) {
  const { t } = useTranslation();
  const missing = data.documents.filter(needsUpload);
  return (
    <section className="rounded-xl border border-amber-200 bg-white p-6 shadow-sm sm:p-10">
      <PageHeader variant="plain" title={t(isUnsent ? 'kyc.pending.unsentTitle' : 'kyc.pending.missingTitle')} />
      <p className="mt-3 text-slate-700">{t(isUnsent ? 'kyc.pending.unsentText' : 'kyc.pending.missingText')}</p>
      {missing.length > 0 && (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="kyc-missing-documents">
          {missing.map((document) => (
            <li key={document.documentType}>
              {t(`kyc.documentTypes.${document.documentType}`)} · {t(`kyc.documentStatus.${document.status}`)}
            </li>
          ))}
        </ul>
      )}
      <RejectionSummary data={data} showNext={false} />
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/onboarding">
          {t(isUnsent ? 'onboarding.sendForReview' : 'kyc.account.goToOnboarding')}
        </ButtonLink>
        <ButtonLink to="/kyc-cuenta" variant="secondary">
          {t('kyc.pending.backToStatus')}
        </ButtonLink>
      </div>
    </section>
  );
}
