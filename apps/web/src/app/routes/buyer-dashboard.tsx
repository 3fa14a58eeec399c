import { useTranslation } from 'react-i18next';
import {
  BuyerKpis,
  OperationsBrowser,
  RecentBuyerOrders,
  SeeAllBuyerOrders,
} from '../../features/dashboards/components/buyer-dashboard';
import { useBuyerDashboardLive } from '../../features/dashboards/hooks/use-buyer-dashboard-live';
import { AreaPage } from '../layouts/area-page';

export function BuyerDashboardPage() {
  const { t } = useTranslation();
  useBuyerDashboardLive();
  return (
    <AreaPage title={t('pages.buyerDashboard')} description={t('buyerArea.dashboardText')}>
      <div className="space-y-10">
        <BuyerKpis />
        <section>
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold text-brand-900">{t('buyerArea.ordersTitle')}</h2>
            <SeeAllBuyerOrders />
          </div>
          <RecentBuyerOrders limit={5} />
        </section>
        <section>
          <h2 className="mb-3 text-lg font-semibold text-brand-900">{t('buyerArea.operationsTitle')}</h2>
          <OperationsBrowser />
        </section>
      </div>
    </AreaPage>
  );
}
