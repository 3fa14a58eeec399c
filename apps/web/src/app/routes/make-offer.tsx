import { useTranslation } from 'react-i18next';
import { OfferWizard } from '../../features/offers/components/offer-wizard';
import { AreaPage } from '../layouts/area-page';

/** /make-offer: the 3-step offer wizard (KYC-approved sellers). */
export function MakeOfferPage() {
  const { t } = useTranslation();
  return (
    <AreaPage title={t('offers.wizard.title')} description={t('offers.wizard.subtitle')}>
      <div className="max-w-3xl">
        <OfferWizard />
      </div>
    </AreaPage>
  );
}
