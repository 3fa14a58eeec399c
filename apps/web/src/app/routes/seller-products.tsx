import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { SellerProducts } from '../../features/offers/components/seller-products';
import { AreaPage } from '../layouts/area-page';

/** /seller/products (?edit=<id> opens the edit form of a pending offer). */
export function SellerProductsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  return (
    <AreaPage
      title={t('pages.sellerProducts')}
      description={t('sellerArea.productsText')}
      actions={<ButtonLink to="/make-offer">{t('sellerArea.makeOffer')}</ButtonLink>}
    >
      <SellerProducts editId={editId} onEdit={(id) => setParams(id ? { edit: id } : {})} />
    </AreaPage>
  );
}
