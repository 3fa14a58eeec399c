import { type OperationListItem, type OperationStatus, DAY_MS } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { ArrowRightIcon, ClockIcon, RouteIcon, ShipIcon } from '../../../components/ui/icons';
import { daysUntil, formatNumber, formatUsdAmount } from '../../../lib/format';
import { countryName } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { AllocationBar } from './allocation-bar';
import { OperationImage } from './operation-image';

const STATUS_TONES: Record<OperationStatus, BadgeTone> = {
  pending: 'warning',
  active: 'success',
  allocated: 'brand',
  funded: 'brand',
  shipment_preparation: 'brand',
  in_transit: 'brand',
  arrived: 'brand',
  inspected: 'brand',
  disputed: 'danger',
  settled: 'neutral',
  rejected: 'danger',
  expired: 'neutral',
  cancelled: 'neutral',
};

interface OperationCardProps {
  operation: OperationListItem;
  /** The clock the days-remaining count is measured against (tests pin it). */
  now?: Date;
}

export function OperationCard({ operation, now }: OperationCardProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const language = i18n.language;
  const titleId = `operation-${operation.id}-title`;

  const origin = countryName(t, operation.originCountry);
  const destination = countryName(t, operation.destinationCountry);
  const tons = (value: number) => formatNumber(value, language);

  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <div className="relative aspect-[16/9] bg-brand-900">
        <OperationImage
          src={operation.imageUrl}
          fallback={
            <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-900 via-brand-800 to-accent-800">
              <ShipIcon className="size-12 text-white/40" />
            </div>
          }
        />
        <div className="absolute inset-x-3 top-3 flex items-start justify-between gap-2">
          <Badge tone={operation.type === 'import' ? 'brand' : 'accent'} className="shadow-sm">
            {t(`operations.type.${operation.type}`)}
          </Badge>
          <Badge tone={STATUS_TONES[operation.status]} className="shadow-sm">
            {t(`operationStatus.${operation.status}`)}
          </Badge>
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-5 p-5">
        <div>
          <p className="truncate text-xs font-semibold tracking-wide text-accent-700 uppercase">
            {t(`productCategories.${operation.productCategory}`)}
          </p>
          <h3 id={titleId} className="mt-1 line-clamp-2 min-h-14 text-lg leading-7 font-semibold text-brand-900">
            {operation.title}
          </h3>
          <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
            <RouteIcon className="size-4 shrink-0 text-slate-400" />
            <span className="sr-only">{t('operations.card.route', { origin, destination })}</span>
            <span aria-hidden="true" className="truncate">
              {origin} <span className="text-slate-400">→</span> {destination}
            </span>
          </p>
        </div>

        <dl className="grid grid-cols-2 gap-4">
          <div>
            <dt className="text-xs font-medium text-slate-500">{t('operations.card.pricePerTon')}</dt>
            <dd className="mt-0.5 text-lg font-bold text-brand-900 tabular-nums">
              {formatUsdAmount(operation.priceUsd, language)}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">{t('operations.card.timeLeft')}</dt>
            <dd className="mt-0.5 flex items-center gap-1.5 text-sm font-semibold text-slate-800">
              <ClockIcon className="size-4 shrink-0 text-slate-400" />
              <DeadlineText deadline={operation.deadline} now={now} />
            </dd>
          </div>
        </dl>

        <div>
          <p className="flex items-baseline justify-between gap-2 text-sm">
            <span className="font-semibold text-slate-800">
              {t('operations.card.available', { available: tons(operation.availableTons) })}
            </span>
            <span className="text-slate-500">{t('operations.card.ofTotal', { total: tons(operation.totalTons) })}</span>
          </p>
          <AllocationBar className="mt-2" totalTons={operation.totalTons} availableTons={operation.availableTons} />
          <p className="mt-2 text-xs text-slate-500">
            {t('operations.card.minVolume', { min: tons(operation.minVolume) })}
          </p>
        </div>

        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
          {/* The link stretches over the whole card, so the card is one click target and one tab stop. */}
          <Link
            to={`/operation/${operation.id}`}
            aria-label={t('operations.card.viewDetailsOf', { title: operation.title })}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent-700 after:absolute after:inset-0 after:rounded-2xl hover:text-accent-800"
          >
            {t('operations.card.viewDetails')}
            <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
          </Link>
          {!user && <p className="text-xs text-slate-500">{t('teaser.details')}</p>}
        </div>
      </div>
    </article>
  );
}

/** The time left to join, in words: days, under a day, closed, or no deadline. */
export function DeadlineText({ deadline, now }: { deadline: string | null; now?: Date }) {
  const { t } = useTranslation();
  if (!deadline) return <span>{t('operations.card.noDeadline')}</span>;
  const clock = now ?? new Date();
  const days = daysUntil(deadline, clock);
  const msLeft = new Date(deadline).getTime() - clock.getTime();
  let text: string;
  if (days <= 0) text = t('operations.card.closed');
  else if (msLeft < DAY_MS) text = t('operations.card.underOneDay');
  else text = t('operations.card.daysLeft', { count: days });
  // Read from the clock: a day's turn between the server's page and the browser's first render is not a fault.
  return (
    <time dateTime={deadline} suppressHydrationWarning>
      {text}
    </time>
  );
}
