import { formatUsd } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber, toLocale } from '../../../lib/format';
import { useOfferParticipants } from '../api/offers';

/** Who takes part in an offer: company, tons, amount, payment status and escrow state. */
export function OfferParticipants({ offerId }: { offerId: string }) {
  const { t, i18n } = useTranslation();
  const participants = useOfferParticipants(offerId);
  if (participants.isPending) return <Skeleton className="mt-4 h-16 w-full rounded-lg" />;
  const rows = participants.data?.data ?? [];
  if (rows.length === 0) {
    return (
      <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">{t('sellerArea.noParticipants')}</p>
    );
  }
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{t('sellerArea.participants')}</caption>
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('sellerArea.company')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('sellerArea.volume')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('sellerArea.amount')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('sellerArea.payment')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('sellerArea.escrow')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className={row.status === 'active' ? '' : 'text-slate-400'}>
              <td className="py-2 pr-3 font-medium">{row.companyName}</td>
              <td className="py-2 pr-3">{formatNumber(row.volume, i18n.language)} t</td>
              <td className="py-2 pr-3">{formatUsd(row.amountCents, toLocale(i18n.language))}</td>
              <td className="py-2 pr-3">
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
              </td>
              <td className="py-2">{t(`offers.escrow.${row.escrowState}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
