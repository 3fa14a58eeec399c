import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { KpiCard } from '../../components/ui/kpi-card';
import { useKycOverview } from '../../features/kyc/api/review';
import { InnerPage } from '../../components/ui/inner-page';
import { QueryState } from '../../components/ui/query-state';
import { type KycOverviewResponse } from '@tradeops/shared';

/** /admin/kyc: counts, and the way to the two review queues. */
export function AdminKycPage() {
  const { t } = useTranslation();
  const overview = useKycOverview();
  // The two review queues first, then the rest of the back office.
  const places: [string, string][] = [
    ['/admin/kyc/users', t('adminKyc.openUsers')],
    ['/admin/offer-reviews', t('adminKyc.openOperations')],
    ['/admin/outbox', t('outbox.title')],
    ['/admin/messages', t('adminMessages.title')],
    ['/admin/payments', t('adminPayments.title')],
  ];
  return (
    <InnerPage title={t('adminKyc.title')} description={t('adminKyc.subtitle')}>
      <QueryState query={overview} className="mt-6" skeleton={<OverviewCards />}>
        {(data) => <OverviewCards data={data} />}
      </QueryState>
      <div className="mt-8 flex flex-wrap gap-3">
        {places.map(([to, label], index) => (
          <ButtonLink key={to} to={to} variant={index === 0 ? 'primary' : 'secondary'}>
            {label}
          </ButtonLink>
        ))}
      </div>
    </InnerPage>
  );
}

/** The counts, or "…" in each card while they load. */
function OverviewCards({ data }: { data?: KycOverviewResponse }) {
  const { t } = useTranslation();
  const cards: [string, number | undefined][] = [
    [t('adminKyc.usersAwaiting'), data?.usersAwaitingReview],
    [t('adminKyc.operationsAwaiting'), data?.operationsAwaitingReview],
    [t('adminKyc.usersPending'), data?.usersPending],
    [t('adminKyc.usersApproved'), data?.usersApproved],
    [t('adminKyc.usersRejected'), data?.usersRejected],
  ];
  return (
    <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-5">
      {cards.map(([label, value]) => (
        <KpiCard key={label} label={label} value={value ?? '…'} />
      ))}
    </dl>
  );
}
