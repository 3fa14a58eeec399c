import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatNumber, percentOf } from '../../../lib/format';

/** How much of an operation is taken: the bar with its spoken value ("20 de 100 t asignadas (20 %)"). */
export function AllocationBar({
  totalTons,
  availableTons,
  className,
}: {
  totalTons: number;
  availableTons: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const allocated = Math.max(0, totalTons - availableTons);
  return (
    <ProgressBar
      className={className}
      value={allocated}
      max={totalTons}
      label={t('operations.card.allocation')}
      valueText={t('operations.card.allocationValue', {
        allocated: formatNumber(allocated, language),
        total: formatNumber(totalTons, language),
        percent: formatNumber(percentOf(allocated, totalTons) / 100, language, { style: 'percent' }),
      })}
    />
  );
}
