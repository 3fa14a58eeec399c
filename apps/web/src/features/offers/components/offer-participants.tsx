import { type OfferParticipant, formatUsd } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { formatNumber, toLocale } from '../../../lib/format';
import { useOfferParticipants } from '../api/offers';

/** Who takes part in an offer: company, tons, amount, payment status and escrow state. */
export function OfferParticipants({ offerId }: { offerId: string }) {
  const participants = useOfferParticipants(offerId);
  return (
    <QueryState query={participants} className="mt-4" skeletonClassName="h-16 w-full rounded-lg">
      {(data) => <ParticipantsTable rows={data.data} />}
    </QueryState>
  );
}

function ParticipantsTable({ rows }: { rows: OfferParticipant[] }) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0) {
    return (
      <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">{t('sellerArea.noParticipants')}</p>
    );
  }
  return (
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
                row.paymentStatus === 'confirmed' ? 'success' : row.paymentStatus === 'rejected' ? 'danger' : 'warning'
              }
            >
              {t(`offers.payment.${row.paymentStatus}`)}
            </Badge>
          ),
        },
        { key: 'escrow', header: t('sellerArea.escrow'), cell: (row) => t(`offers.escrow.${row.escrowState}`) },
      ]}
    />
  );
}
