import { type SellerOffer, formatUsd } from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/kpi-card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatNumber, toLocale } from '../../../lib/format';
import { useWithdrawOffer } from '../api/offers';
import { OfferParticipants } from './offer-participants';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/dialog';

const REVIEW_TONE: Record<SellerOffer['reviewStatus'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export function OperationStatusBadge({ status }: { status: SellerOffer['status'] }) {
  const { t } = useTranslation();
  const tone: BadgeTone =
    status === 'active'
      ? 'accent'
      : status === 'settled'
        ? 'success'
        : ['rejected', 'expired', 'cancelled'].includes(status)
          ? 'neutral'
          : 'brand';
  return <Badge tone={tone}>{t(`operationStatus.${status}`)}</Badge>;
}

interface SellerOffersProps {
  offers: SellerOffer[];
  /** The offers page: edit, withdraw and participants; the dashboard only shows. */
  withActions?: boolean;
  onEdit?: (id: string) => void;
}

/** A seller's offers: status, review, allocation progress and escrow held (with actions on /seller/offers). */
export function SellerOffers({ offers, withActions, onEdit }: SellerOffersProps) {
  const { t } = useTranslation();
  if (offers.length === 0) {
    return (
      <EmptyState action={<ButtonLink to="/make-offer">{t('sellerArea.makeOffer')}</ButtonLink>}>
        {t('sellerArea.noOffers')}
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4">
      {offers.map((offer) => (
        <SellerOfferRow key={offer.id} offer={offer} withActions={withActions} onEdit={onEdit} />
      ))}
    </ul>
  );
}

function SellerOfferRow({
  offer,
  withActions,
  onEdit,
}: {
  offer: SellerOffer;
  withActions?: boolean;
  onEdit?: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const withdraw = useWithdrawOffer();
  const [showParticipants, setShowParticipants] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const allocated = `${formatNumber(offer.allocatedTons, i18n.language)} / ${formatNumber(offer.totalTons, i18n.language)} t`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="seller-offer">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          {offer.imageUrl && (
            <img src={offer.imageUrl} alt="" className="size-14 shrink-0 rounded-lg object-cover" loading="lazy" />
          )}
          <div className="min-w-0">
            <h3 className="text-lg font-semibold break-words text-brand-900">{offer.title}</h3>
            <p className="text-sm text-slate-600">
              {offer.productName} ·{' '}
              {t(`countries.${offer.originCountry}` as never, { defaultValue: offer.originCountry })} →{' '}
              {t(`countries.${offer.destinationCountry}` as never, { defaultValue: offer.destinationCountry })}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <OperationStatusBadge status={offer.status} />
          <Badge tone={REVIEW_TONE[offer.reviewStatus]}>{t(`offers.review.${offer.reviewStatus}`)}</Badge>
        </div>
      </div>
      {offer.reviewRejectReason && (
        <p className="mt-2 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {t('sellerArea.rejectedBecause', { reason: offer.reviewRejectReason })}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-5">
        <div className="col-span-2">
          <dt className="text-slate-500">{t('sellerArea.allocation')}</dt>
          <dd className="mt-1 flex items-center gap-3">
            <ProgressBar
              value={offer.allocatedTons}
              max={offer.totalTons}
              label={t('sellerArea.allocation')}
              valueText={allocated}
              className="flex-1"
            />
            <span className="font-medium whitespace-nowrap text-slate-900">{allocated}</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('sellerArea.pricePerTon')}</dt>
          <dd className="font-medium text-slate-900">{formatUsd(offer.pricePerTonCents, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('sellerArea.escrowHeld')}</dt>
          <dd className="font-medium text-slate-900">{formatUsd(offer.escrowHeldCents, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('sellerArea.participants')}</dt>
          <dd className="font-medium text-slate-900">{offer.participants}</dd>
        </div>
      </dl>
      {offer.reviewStatus === 'approved' && (
        <p className="mt-3 text-sm">
          <Link
            to={`/seller/statements/${offer.id}`}
            className="font-semibold text-accent-800 underline underline-offset-2"
            data-testid="seller-statement-link"
          >
            {t('statements.seller.link')}
          </Link>
        </p>
      )}
      {withActions && (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {offer.canEdit && onEdit && (
            <Button size="sm" variant="secondary" onClick={() => onEdit(offer.id)}>
              {t('sellerArea.edit')}
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setShowParticipants((open) => !open)}
            aria-expanded={showParticipants}
          >
            {showParticipants ? t('sellerArea.hideParticipants') : t('sellerArea.showParticipants')}
          </Button>
          {offer.reviewStatus === 'approved' && (
            <ButtonLink size="sm" variant="ghost" to={`/operation/${offer.id}`}>
              {t('sellerArea.viewPublic')}
            </ButtonLink>
          )}
          {offer.canWithdraw && (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              {t('sellerArea.withdraw')}
            </Button>
          )}
        </div>
      )}
      {withdraw.isError && <Alert className="mt-2">{withdraw.error.message}</Alert>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('sellerArea.withdrawConfirm')}
        confirmLabel={t('sellerArea.withdrawYes')}
        cancelLabel={t('sellerArea.withdrawNo')}
        isPending={withdraw.isPending}
        onConfirm={() => withdraw.mutate(offer.id, { onSettled: () => setConfirming(false) })}
      />
      {showParticipants && <OfferParticipants offerId={offer.id} />}
    </li>
  );
}
