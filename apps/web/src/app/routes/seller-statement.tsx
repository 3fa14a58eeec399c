import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../components/ui/back-link';
import { SellerStatementView } from '../../features/statements/components/statement-views';
import { AreaPage } from '../layouts/area-page';

/** /seller/statements/{operationId}: the seller's payouts of one operation (gross, fee, net), with its PDF. */
export function SellerStatementPage() {
  const { t } = useTranslation();
  const { operationId = '' } = useParams();
  return (
    <AreaPage title={t('statements.seller.pdfTitle')} description={t('statements.seller.subtitle')}>
      <div className="max-w-3xl space-y-4">
        <BackLink to="/seller/dashboard">{t('pages.sellerDashboard')}</BackLink>
        <SellerStatementView key={operationId} operationId={operationId} />
      </div>
    </AreaPage>
  );
}
