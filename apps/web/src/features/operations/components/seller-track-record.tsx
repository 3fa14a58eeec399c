import { type SellerTrackRecord as SellerTrackRecordData } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

/** The seller's track record on the platform, as the server computed it from its deals; "new seller" when it has none. */
export function SellerTrackRecord({ record }: { record: SellerTrackRecordData }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <section
      aria-labelledby="detail-seller-record"
      className="rounded-2xl border border-slate-200 bg-white p-6"
      data-testid="seller-track-record"
    >
      <h2 id="detail-seller-record" className="text-sm font-bold text-brand-900">
        {t('sellerRecord.title')}
      </h2>
      {record.isNewSeller ? (
        <>
          <p className="mt-3 text-base font-semibold text-brand-900">{t('sellerRecord.newSeller')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('sellerRecord.newSellerText')}</p>
        </>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <Figure label={t('sellerRecord.completed')} value={number(record.completedOperations)} />
            <Figure
              label={t('sellerRecord.tonsDelivered')}
              value={t('featured.tons', { value: number(record.tonsDelivered) })}
            />
            <Figure
              label={t('sellerRecord.onTime')}
              value={t('sellerRecord.onTimeValue', {
                onTime: number(record.onTimeArrivals),
                arrivals: number(record.arrivals),
              })}
            />
            <Figure label={t('sellerRecord.disputes')} value={number(record.disputedOperations)} />
          </dl>
          <p className="mt-3 text-xs text-slate-500">{t('sellerRecord.note')}</p>
        </>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-bold text-brand-900 tabular-nums">{value}</dd>
    </div>
  );
}
