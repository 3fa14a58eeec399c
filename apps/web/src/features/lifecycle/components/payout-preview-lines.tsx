import { type PayoutPreview, type PayoutPreviewLine, feeBpsToPercent, formatUsd } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { cx } from '../../../lib/class-names';
import { formatNumber, toLocale } from '../../../lib/format';

/**
 * What a money action will book, as the server computed it with the function that books it: the
 * totals (out of escrow, refunds, the platform's fee, the net to the seller), then each order's
 * transfer. A settlement refunds nothing and a cancellation pays the seller nothing: those
 * columns are left out there; a dispute's decision shows them all.
 */
export function PayoutPreviewLines({ preview }: { preview: PayoutPreview }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const money = (cents: number) => formatUsd(cents, locale);
  const percent = `${formatNumber(feeBpsToPercent(preview.feeBps), i18n.language)} %`;
  // Nothing held: no transfer will be booked, and the dialog's own words say what happens.
  if (preview.lines.length === 0) return null;
  const showsRefunds = preview.action !== 'settle';
  const showsSeller = preview.action !== 'cancel';
  // A settlement's first tranche keeps a holdback in escrow until the final measurement (docs/decisions/021).
  const showsHoldback = preview.totals.holdbackCents > 0;
  const amount =
    (key: 'heldCents' | 'refundCents' | 'holdbackCents' | 'feeCents' | 'netCents') => (line: PayoutPreviewLine) =>
      money(line[key]);
  const columns: DataColumn<PayoutPreviewLine>[] = [
    { key: 'buyer', header: t('payoutPreview.columns.buyer'), cell: (line) => line.buyerCompany },
    { key: 'held', header: t('payoutPreview.escrowOut'), isNumeric: true, cell: amount('heldCents') },
    ...(showsRefunds
      ? [{ key: 'refund', header: t('payoutPreview.columns.refund'), isNumeric: true, cell: amount('refundCents') }]
      : []),
    ...(showsHoldback
      ? [
          {
            key: 'holdback',
            header: t('payoutPreview.columns.holdback'),
            isNumeric: true,
            cell: amount('holdbackCents'),
          },
        ]
      : []),
    ...(showsSeller
      ? [
          { key: 'fee', header: t('payoutPreview.columns.fee'), isNumeric: true, cell: amount('feeCents') },
          { key: 'net', header: t('payoutPreview.columns.net'), isNumeric: true, cell: amount('netCents') },
        ]
      : []),
  ];
  const totals: { key: string; label: string; cents: number; isStrong?: boolean }[] = [
    { key: 'held', label: t('payoutPreview.escrowOut'), cents: preview.totals.heldCents },
    ...(showsRefunds ? [{ key: 'refund', label: t('payoutPreview.refunds'), cents: preview.totals.refundCents }] : []),
    ...(showsHoldback
      ? [{ key: 'holdback', label: t('payoutPreview.holdback'), cents: preview.totals.holdbackCents }]
      : []),
    ...(showsSeller
      ? [
          { key: 'fee', label: t('payoutPreview.fee', { percent }), cents: preview.totals.feeCents },
          {
            key: 'net',
            label: t('payoutPreview.net', { company: preview.sellerCompany }),
            cents: preview.totals.netCents,
            isStrong: true,
          },
        ]
      : []),
  ];

  return (
    <div className="space-y-4 text-sm" data-testid="payout-preview">
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {totals.map(({ key, label, cents, isStrong }) => (
          <div key={key} className="flex items-baseline justify-between gap-4 px-3 py-2">
            <dt className={cx('min-w-0 text-slate-700', isStrong && 'font-semibold text-slate-900')}>{label}</dt>
            <dd
              className={cx('shrink-0 tabular-nums', isStrong ? 'font-bold text-brand-900' : 'text-slate-900')}
              data-testid={`payout-total-${key}`}
            >
              {money(cents)}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        {/* The table's caption says it to screen readers; this is its visible twin. */}
        <p className="mb-2 font-medium text-slate-800" aria-hidden="true">
          {t('payoutPreview.caption')}
        </p>
        <DataTable
          caption={t('payoutPreview.caption')}
          columns={columns}
          rows={preview.lines}
          rowKey={(line) => line.orderId}
        />
      </div>
    </div>
  );
}
