import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../components/ui/back-link';
import { BuyerStatementView } from '../../features/statements/components/statement-views';
import { AreaPage } from '../layouts/area-page';

/** /buyer/statements/{orderId}: the buyer's escrow statement of one order, with its PDF. */
export function BuyerStatementPage() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  return (
    <AreaPage title={t('statements.buyer.pdfTitle')} description={t('statements.buyer.subtitle')}>
      <div className="max-w-3xl space-y-4">
        <BackLink to="/buyer/dashboard">{t('pages.buyerDashboard')}</BackLink>
        <BuyerStatementView key={orderId} orderId={orderId} />
      </div>
    </AreaPage>
  );
}
