import { type OperationDetail as OperationDetailData } from '@tradeops/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { useSelectMode } from '../../features/auth/api/select-mode';
import { OFFER_FROM_PARAM } from '../../features/offers/offer-from-param';
import { featuredOperationQueryOptions } from '../../features/operations/api/get-featured-operation';
import { operationDetailQueryOptions } from '../../features/operations/api/get-operation-detail';
import { operationSummaryQueryOptions } from '../../features/operations/api/get-operation-summary';
import { isOperationId, OperationDetail } from '../../features/operations/components/operation-detail';
import { sessionQueryOptions, useSession } from '../../lib/session';
import { loadRouteData, type RouteData } from '../route-data';
import { saveUserMode } from '../../lib/user-mode';

// The explanation's dialog (Radix) loads when it is about to open, not with every operation page.
const loadDialog = () => import('../../components/ui/dialog');
const Dialog = lazy(() => loadDialog().then((module) => ({ default: module.Dialog })));
const preloadDialog = () => void loadDialog();

const renderMakeOffer = (operation: OperationDetailData) => <MakeOfferAction operation={operation} />;

/**
 * The data an operation's page reads: its full sheet for someone signed in, its public facts for
 * a visitor (the session decides which, as it does in OperationDetail).
 */
async function ensureOperation({ queryClient, language }: RouteData, id: string | undefined): Promise<void> {
  if (!isOperationId(id)) return;
  const session = await queryClient.ensureQueryData(sessionQueryOptions);
  if (session.user) await queryClient.ensureQueryData(operationDetailQueryOptions(id, language));
  else await queryClient.ensureQueryData(operationSummaryQueryOptions(id, language));
}

export function operationLoader({ params }: LoaderFunctionArgs): Promise<null> {
  return loadRouteData((data) => ensureOperation(data, params.id));
}

/** The featured deal's page: which deal first, then that deal's data. */
export function featuredOperationLoader(): Promise<null> {
  return loadRouteData(async (data) => {
    const featured = await data.queryClient.ensureQueryData(featuredOperationQueryOptions(data.language));
    await ensureOperation(data, featured.id);
  });
}

export function OperationDetailPage() {
  const { id } = useParams();
  return <OperationDetail key={id} id={id} renderMakeOffer={renderMakeOffer} />;
}

export function FeaturedOperationPage() {
  return <OperationDetail isFeatured renderMakeOffer={renderMakeOffer} />;
}

/**
 * "Make an Offer" on an operation: a seller (or an admin) opens the wizard pre-filled from this deal;
 * a buyer learns that offers are what sellers publish, and may switch to seller mode and go on.
 */
export function MakeOfferAction({ operation }: { operation: OperationDetailData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const selectMode = useSelectMode();
  const [isExplaining, setIsExplaining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wizardPath = `/make-offer?${OFFER_FROM_PARAM}=${encodeURIComponent(operation.id)}`;

  if (user?.isAdmin || user?.role === 'seller') {
    return (
      <ButtonLink to={wizardPath} variant="secondary" size="lg">
        {t('detail.makeOffer')}
      </ButtonLink>
    );
  }

  async function switchToSeller() {
    setError(null);
    try {
      await selectMode.mutateAsync('supply');
    } catch {
      setError(t('modes.error'));
      return;
    }
    saveUserMode('supply');
    void navigate(wizardPath);
  }

  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => setIsExplaining(true)}
      >
        {t('detail.makeOffer')}
      </Button>
      {isExplaining && (
        <Suspense fallback={null}>
          <Dialog
            open={isExplaining}
            onOpenChange={setIsExplaining}
            title={t('offerFromDeal.buyerTitle')}
            description={t('offerFromDeal.buyerText')}
            className="max-w-lg"
          >
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>{t('offerFromDeal.buyerPointSeller')}</li>
              <li>{t('offerFromDeal.buyerPointBuyer', { action: t('detail.participate') })}</li>
            </ul>
            {error && <Alert className="mt-4">{error}</Alert>}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => setIsExplaining(false)}>
                {t('offerFromDeal.stayBuyer')}
              </Button>
              <Button disabled={selectMode.isPending} onClick={() => void switchToSeller()}>
                {t('offerFromDeal.switchToSeller')}
              </Button>
            </div>
          </Dialog>
        </Suspense>
      )}
    </>
  );
}
