import { type TradeTerms } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';

/**
 * A deal's trade terms (issue 28): Incoterm and named place, shipment window, quantity tolerance,
 * quality, inspection body, insurance and payment terms, in the reader's language. The detail page
 * and the order form show the same list; the contract and the statements print the same wording.
 */
export function TradeTermsList({ terms, className }: { terms: TradeTerms; className?: string }) {
  const { t, i18n } = useTranslation();
  const day = (iso: string) => formatDate(`${iso}T12:00:00Z`, i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const rows: [string, string][] = [
    [t('tradeTerms.incoterm'), t('tradeTerms.incotermValue', { incoterm: terms.incoterm, place: terms.namedPlace })],
    [
      t('tradeTerms.shipmentWindow'),
      t('tradeTerms.windowValue', { from: day(terms.shipmentFrom), to: day(terms.shipmentTo) }),
    ],
    [t('tradeTerms.tolerance'), t('tradeTerms.toleranceValue', { percent: terms.quantityTolerancePercent })],
    [t('tradeTerms.quality'), terms.qualitySpecification],
    [t('tradeTerms.inspectionBody'), terms.inspectionBody ?? t('tradeTerms.inspectionByPlatform')],
    [
      t('tradeTerms.insurance'),
      terms.insurancePayer === 'none'
        ? t('tradeTerms.insurers.none')
        : t('tradeTerms.insuranceValue', {
            payer: t(`tradeTerms.insurers.${terms.insurancePayer}`),
            percent: terms.insuredPercent ?? 0,
          }),
    ],
    [t('tradeTerms.paymentTerms'), [t('tradeTerms.paymentStandard'), terms.paymentTerms].filter(Boolean).join(' ')],
  ];
  return (
    <dl className={className ?? 'grid gap-4 sm:grid-cols-2'} data-testid="trade-terms">
      {rows.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="mt-1 font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
