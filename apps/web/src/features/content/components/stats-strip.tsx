import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartIcon, GlobeIcon, LayersIcon, UsersIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber, formatUsdAmount } from '../../../lib/format';
import { cx } from '../../../lib/class-names';
import { useStats } from '../api/get-stats';

/** Lines between the cells: a 2 × 2 grid on phones and tablets, one row of four on wide screens. */
const DIVIDERS = ['', 'border-l', 'border-t lg:border-t-0 lg:border-l', 'border-t border-l lg:border-t-0'];

/**
 * The platform in four figures, from GET /api/stats. A failure is not worth an
 * alarm on the landing page (spec §8: KPI failures fall back quietly), so the
 * figures then read "—".
 */
export function StatsStrip() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { data, isPending } = useStats();

  const figure = (format: (stats: NonNullable<typeof data>) => string): ReactNode => {
    if (isPending) return <Skeleton className="h-8 w-16" />;
    if (!data)
      return (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t('stats.unavailable')}</span>
        </>
      );
    return format(data);
  };

  const items = [
    {
      key: 'activeOperations',
      icon: <LayersIcon />,
      label: t('stats.activeOperations'),
      value: figure((s) => formatNumber(s.activeOperations, language)),
    },
    {
      key: 'countries',
      icon: <GlobeIcon />,
      label: t('stats.countries'),
      value: figure((s) => formatNumber(s.countries, language)),
    },
    {
      key: 'monthlyVolume',
      icon: <ChartIcon />,
      label: t('stats.monthlyVolume'),
      value: figure((s) => formatUsdAmount(s.monthlyVolumeUsd, language, { compact: true })),
    },
    {
      key: 'partners',
      icon: <UsersIcon />,
      label: t('stats.partners'),
      value: figure((s) => formatNumber(s.partners, language)),
    },
  ];

  return (
    <section aria-label={t('stats.label')} aria-busy={isPending || undefined}>
      <ul className="grid grid-cols-2 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg shadow-brand-900/5 lg:grid-cols-4">
        {items.map((item, index) => (
          <li
            key={item.key}
            className={cx(
              'flex flex-col gap-2 border-slate-200 p-5 sm:flex-row sm:items-center sm:gap-4 sm:p-6',
              DIVIDERS[index],
            )}
          >
            <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700 sm:size-12">
              {item.icon}
            </div>
            <p className="flex flex-col">
              <span className="flex h-8 items-center text-2xl font-bold text-brand-900 tabular-nums">{item.value}</span>
              <span className="text-sm text-slate-600">{item.label}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
