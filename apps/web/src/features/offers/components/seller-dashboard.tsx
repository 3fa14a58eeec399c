import { useTranslation } from 'react-i18next';
import { KpiCard } from '../../../components/ui/kpi-card';
import { QueryState } from '../../../components/ui/query-state';
import { formatNumber } from '../../../lib/format';
import { useSellerDashboard } from '../api/offers';
import { PlatformFeeNotice } from './platform-fee-notice';
import { SellerOffers } from './seller-offers';

/** seller_kpis (active offers, listed volume, completed offers; zeros on failure, spec §8) and the offers. */
export function SellerDashboard() {
  const { t, i18n } = useTranslation();
  const dashboard = useSellerDashboard();
  const kpis =
    dashboard.data?.kpis ?? (dashboard.isError ? { activeOffers: 0, listedVolume: 0, completedOffers: 0 } : undefined);
  const show = (value: number | undefined) => (value === undefined ? '…' : formatNumber(value, i18n.language));
  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <KpiCard label={t('sellerArea.kpis.activeOffers')} value={show(kpis?.activeOffers)} />
        <KpiCard label={t('sellerArea.kpis.listedVolume')} value={kpis ? `${show(kpis.listedVolume)} t` : '…'} />
        <KpiCard label={t('sellerArea.kpis.completedOffers')} value={show(kpis?.completedOffers)} />
      </dl>
      <PlatformFeeNotice className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700" />
      <section>
        <h2 className="mb-3 text-lg font-semibold text-brand-900">{t('sellerArea.offersTitle')}</h2>
        <QueryState query={dashboard} skeletonClassName="h-40 w-full rounded-xl">
          {(data) => <SellerOffers offers={data.offers} />}
        </QueryState>
      </section>
    </div>
  );
}
