import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { MyOffers } from '../../features/offers/components/my-offers';
import { AreaPage } from '../layouts/area-page';

/** /seller/offers (?edit=<id> opens the edit form of a pending offer). */
export function SellerOffersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  return (
    <AreaPage
      title={t('pages.sellerOffers')}
      description={t('sellerArea.productsText')}
      actions={<ButtonLink to="/make-offer">{t('sellerArea.makeOffer')}</ButtonLink>}
    >
      <MyOffers editId={editId} onEdit={(id) => setParams(id ? { edit: id } : {})} />
    </AreaPage>
  );
}
