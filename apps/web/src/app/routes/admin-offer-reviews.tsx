import { type OfferReviewItem } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Fact } from '../../components/ui/fact';
import { QueryState } from '../../components/ui/query-state';
import { useQueryClient } from '@tanstack/react-query';
import { kycOverviewQueryOptions } from '../../features/kyc/api/review';
import { useOfferReviewDecision, useOfferReviewQueue } from '../../features/offers/api/offer-review';
import { RejectWithReason } from '../../features/kyc/components/reason-form';
import { formatNumber, formatUsdAmount } from '../../lib/format';
import { Alert } from '../../components/ui/alert';
import { InnerPage } from '../../components/ui/inner-page';
import { LoadMore, WaitingTotal } from '../../components/ui/load-more';

/**
 * /admin/offer-reviews (/admin/kyc/operations before issue 26): the offer review, the spec's admin_kyc_review
 * list (the view admin_offer_review) with approve / reject (reason required).
 */
export function AdminOfferReviewsPage() {
  const { t } = useTranslation();
  const review = useOfferReviewQueue();
  return (
    <InnerPage
      back={{ to: '/admin/kyc', label: t('adminKyc.backToOverview') }}
      title={t('adminKyc.operationsTitle')}
      description={t('adminKyc.operationsSubtitle')}
    >
      <div className="mt-8">
        <QueryState query={review} isEmpty={(page) => page.items.length === 0} empty={t('adminKyc.operationsEmpty')}>
          {(page) => (
            <>
              <WaitingTotal list={page} className="mb-4 text-sm font-medium text-slate-700" />
              <ul className="grid gap-4">
                {page.items.map((item) => (
                  <OfferReviewRow key={item.id} item={item} />
                ))}
              </ul>
              <LoadMore list={review} />
            </>
          )}
        </QueryState>
      </div>
    </InnerPage>
  );
}

function OfferReviewRow({ item }: { item: OfferReviewItem }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const decide = useOfferReviewDecision();
  // The KYC overview counts the offers waiting too.
  const refreshOverview = { onSettled: () => queryClient.invalidateQueries(kycOverviewQueryOptions) };
  const facts: [string, string][] = [
    [t('adminKyc.columns.product'), item.productName],
    [t('adminKyc.columns.origin'), t(`countries.${item.originCountry}`, { defaultValue: item.originCountry })],
    [t('adminKyc.columns.seller'), item.sellerName],
    [t('adminKyc.columns.sellerEmail'), item.sellerEmail],
    [t('adminKyc.columns.tons'), formatNumber(item.totalTons, i18n.language)],
    [t('adminKyc.columns.price'), formatUsdAmount(item.priceUsd, i18n.language)],
  ];
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="operation-review">
      <h2 className="text-lg font-semibold text-brand-900">{item.title}</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {facts.map(([label, value]) => (
          <Fact key={label} label={label} truncate>
            {value}
          </Fact>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <Button
          size="sm"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ kind: 'approve', id: item.id, revision: item.revision }, refreshOverview)}
        >
          {t('adminKyc.approveOperation')}
        </Button>
        <RejectWithReason
          label={t('adminKyc.rejectOperation')}
          isPending={decide.isPending}
          onReject={(reason) =>
            decide.mutateAsync({ kind: 'reject', id: item.id, revision: item.revision, reason }, refreshOverview)
          }
        />
      </div>
      {/* A rejection's refusal shows in its own form. */}
      {decide.isError && decide.variables.kind === 'approve' && <Alert className="mt-2">{decide.error.message}</Alert>}
    </li>
  );
}
