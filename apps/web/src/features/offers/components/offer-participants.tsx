import { type OfferParticipant, formatUsd } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { formatNumber, toLocale } from '../../../lib/format';
import { type PagedList } from '../../../lib/paged-query';
import { useOfferParticipants } from '../api/offers';

/**
 * Who takes part in an offer, in the order they ordered (ended orders greyed): company, tons, amount,
 * payment status and escrow state; a page at a time with how many of how many are shown.
 */
export function OfferParticipants({ offerId }: { offerId: string }) {
  const { t } = useTranslation();
  const participants = useOfferParticipants(offerId);
  return (
    <QueryState
      query={participants}
      failure={t('errors.INTERNAL_ERROR')}
      className="mt-4"
      skeletonClassName="h-16 w-full rounded-lg"
    >
      {(page) => <ParticipantRows rows={page.items} participants={participants} />}
    </QueryState>
  );
}

function ParticipantRows({
  rows,
  participants,
}: {
  rows: OfferParticipant[];
  participants: PagedList<OfferParticipant>;
}) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0) {
    return (
      <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">{t('sellerArea.noParticipants')}</p>
    );
  }
  return (
    <>
      <DataTable
        className="mt-4"
        caption={t('sellerArea.participants')}
        rows={rows}
        rowKey={(row) => row.id}
        rowClassName={(row) => (row.status === 'active' ? undefined : 'text-slate-400')}
        columns={[
          {
            key: 'company',
            header: t('sellerArea.company'),
            cell: (row) => <span className="font-medium">{row.companyName}</span>,
          },
          {
            key: 'volume',
            header: t('sellerArea.volume'),
            cell: (row) => `${formatNumber(row.volume, i18n.language)} t`,
          },
          {
            key: 'amount',
            header: t('sellerArea.amount'),
            cell: (row) => formatUsd(row.amountCents, toLocale(i18n.language)),
          },
          {
            key: 'payment',
            header: t('sellerArea.payment'),
            cell: (row) => (
              <Badge
                tone={
                  row.paymentStatus === 'confirmed'
                    ? 'success'
                    : row.paymentStatus === 'rejected'
                      ? 'danger'
                      : 'warning'
                }
              >
                {t(`offers.payment.${row.paymentStatus}`)}
              </Badge>
            ),
          },
          { key: 'escrow', header: t('sellerArea.escrow'), cell: (row) => t(`offers.escrow.${row.escrowState}`) },
        ]}
      />
      <LoadMore list={participants} />
    </>
  );
}
