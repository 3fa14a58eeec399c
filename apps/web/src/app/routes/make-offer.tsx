import { OFFER_STEPS, todayIsoDate } from '@tradeops/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/skeleton';
import { OfferWizard } from '../../features/offers/components/offer-wizard';
import { offerDraftFromOperation } from '../../features/offers/hooks/offer-from-operation';
import { OFFER_FROM_PARAM } from '../../features/offers/offer-from-param';
import { saveOfferDraft } from '../../features/offers/hooks/use-offer-draft';
import { useOperationDetail } from '../../features/operations/api/get-operation-detail';
import { AreaPage } from '../layouts/area-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /make-offer: the 3-step offer wizard (KYC-approved sellers). With ?from=<operation id> the draft
 * starts from that operation's public data; the address then drops the parameter, so a reload keeps
 * what the seller has typed since.
 */
export function MakeOfferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const from = params.get(OFFER_FROM_PARAM);
  const isValidFrom = !!from && UUID.test(from);
  const source = useOperationDetail(from ?? undefined, isValidFrom);
  const prefilledFrom = (location.state as { prefilledFrom?: string } | null)?.prefilledFrom;

  useEffect(() => {
    if (!source.data || !from) return;
    saveOfferDraft(offerDraftFromOperation(source.data, todayIsoDate()));
    void navigate('/make-offer', { replace: true, state: { prefilledFrom: source.data.title } });
  }, [source.data, from, navigate]);

  const isLoadingSource = isValidFrom && !source.isError;
  return (
    <AreaPage title={t('offers.wizard.title')} description={t('offers.wizard.subtitle', { steps: OFFER_STEPS.length })}>
      <div className="max-w-3xl">
        {from && !isLoadingSource && (
          <Alert tone="info" className="mb-6">
            {t('offerFromDeal.sourceMissing')}
          </Alert>
        )}
        {prefilledFrom && !from && (
          <Alert tone="success" className="mb-6">
            {t('offerFromDeal.prefilled', { title: prefilledFrom })}
          </Alert>
        )}
        {/* A new wizard only when a deal's data was just written into the draft; going to /make-offer
            again (the sidebar's link while already here) keeps the wizard, and the files chosen in it. */}
        {isLoadingSource ? (
          <Skeleton className="h-96 w-full" />
        ) : (
          <OfferWizard key={prefilledFrom ? location.key : 'wizard'} />
        )}
      </div>
    </AreaPage>
  );
}
