import { useTranslation } from 'react-i18next';
import { BuyerOrders } from '../../features/dashboards/components/buyer-dashboard';
import { useBuyerDashboardLive } from '../../features/dashboards/hooks/use-buyer-dashboard-live';
import { AreaPage } from '../layouts/area-page';

export function BuyerOperationsPage() {
  const { t } = useTranslation();
  useBuyerDashboardLive();
  return (
    <AreaPage title={t('pages.buyerOperations')} description={t('buyerArea.operationsText')}>
      <BuyerOrders />
    </AreaPage>
  );
}
