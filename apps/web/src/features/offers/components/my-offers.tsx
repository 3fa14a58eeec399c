import { type OfferDetail } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { useMyOffers, useOfferDetail } from '../api/offers';
import { type OfferFormValues } from '../hooks/use-offer-draft';
import { OfferWizard } from './offer-wizard';
import { SellerOffers } from './seller-offers';
import { LoadMore } from '../../../components/ui/load-more';

/** /seller/offers: every offer with edit (while pending), withdraw and participants. */
export function MyOffers({ editId, onEdit }: { editId: string | null; onEdit: (id: string | null) => void }) {
  const { t } = useTranslation();
  const offers = useMyOffers();
  if (editId) return <EditOffer id={editId} onClose={() => onEdit(null)} />;
  return (
    <QueryState query={offers} failure={t('sellerArea.loadFailed')} skeletonClassName="h-48 w-full rounded-xl">
      {(page) => (
        <>
          <SellerOffers offers={page.items} withActions onEdit={onEdit} />
          <LoadMore list={offers} />
        </>
      )}
    </QueryState>
  );
}

function EditOffer({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useOfferDetail(id);
  return (
    <QueryState query={detail} skeletonClassName="h-96 w-full rounded-2xl">
      {(data) => <EditOfferForm detail={data} onClose={onClose} />}
    </QueryState>
  );
}

function EditOfferForm({ detail, onClose }: { detail: OfferDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { values, offer } = detail;
  const initial: OfferFormValues = {
    productName: values.productName,
    productCategory: values.productCategory,
    type: values.type,
    title: values.title,
    titleEn: values.titleEn ?? '',
    description: values.description,
    descriptionEn: values.descriptionEn ?? '',
    originCountry: values.originCountry,
    destinationCountry: values.destinationCountry,
    arrivalPort: values.arrivalPort,
    specification: values.specification ?? '',
    specificationEn: values.specificationEn ?? '',
    totalTons: String(values.totalTons),
    minVolume: String(values.minVolume),
    maxPerParticipantTons: String(values.maxPerParticipantTons),
    priceUsd: String(values.priceUsd),
    deadline: values.deadline,
    expectedDeparture: values.expectedDeparture,
    expectedArrival: values.expectedArrival,
    incoterm: values.incoterm,
    namedPlace: values.namedPlace,
    shipmentFrom: values.shipmentFrom,
    shipmentTo: values.shipmentTo,
    quantityTolerancePercent: String(values.quantityTolerancePercent),
    qualitySpecification: values.qualitySpecification,
    inspectionBody: values.inspectionBody ?? '',
    insurancePayer: values.insurancePayer,
    insuredPercent: values.insuredPercent === null ? '' : String(values.insuredPercent),
    paymentTerms: values.paymentTerms ?? '',
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-brand-900">{t('sellerArea.editTitle', { title: offer.title })}</h2>
        <Button variant="secondary" onClick={onClose}>
          {t('sellerArea.backToList')}
        </Button>
      </div>
      {!offer.canEdit ? (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">{t('errors.OFFER_NOT_EDITABLE')}</p>
      ) : (
        <OfferWizard
          key={offer.id}
          offerId={offer.id}
          initialValues={initial}
          hasImage={Boolean(offer.imageUrl)}
          hasSpec={offer.hasSpecSheet}
          onSaved={onClose}
        />
      )}
    </div>
  );
}
