import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { SellerDashboard } from '../../features/offers/components/seller-dashboard';
import { AreaPage } from '../layouts/area-page';

export function SellerDashboardPage() {
  const { t } = useTranslation();
  return (
    <AreaPage
      title={t('pages.sellerDashboard')}
      description={t('sellerArea.dashboardText')}
      actions={<ButtonLink to="/make-offer">{t('sellerArea.makeOffer')}</ButtonLink>}
    >
      <SellerDashboard />
    </AreaPage>
  );
}
