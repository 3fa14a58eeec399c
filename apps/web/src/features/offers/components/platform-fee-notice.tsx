import { computePlatformFeeCents, feeBpsToPercent, formatUsd } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber, toLocale } from '../../../lib/format';
import { usePlatformFee } from '../api/platform-fee';

/**
 * What the platform takes from a seller's payout, from the admin setting: in the wizard with
 * what the seller would receive for the offer's total, on the dashboard as the rate alone.
 */
export function PlatformFeeNotice({ totalCents, className }: { totalCents?: number | null; className?: string }) {
  const { t, i18n } = useTranslation();
  const fee = usePlatformFee();
  if (!fee.data) return null;
  const bps = fee.data.platformFeeBps;
  const percent = formatNumber(feeBpsToPercent(bps), i18n.language);
  const text =
    totalCents === undefined
      ? t('statements.fee.dashboard', { fee: percent })
      : totalCents === null
        ? t('statements.fee.wizardNoTotal', { fee: percent })
        : t('statements.fee.wizard', {
            fee: percent,
            net: formatUsd(totalCents - computePlatformFeeCents(totalCents, bps), toLocale(i18n.language)),
          });
  return (
    <p className={className} data-testid="platform-fee">
      {text}
    </p>
  );
}
