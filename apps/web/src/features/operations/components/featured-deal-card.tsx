import { type FeaturedOperation, MINUTE_MS, HOUR_MS, DAY_MS } from '@tradeops/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { ClockIcon, RouteIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatNumber, formatUsdAmount } from '../../../lib/format';
import { countryName } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useFeaturedOperation } from '../api/get-featured-operation';
import { loginPathTo } from '../../../lib/login-path';
import { AllocationBar } from './allocation-bar';
import { OperationImage } from './operation-image';
import { SpecificationSummary } from './specification-summary';

/** Days, hours and minutes until a deadline, ticking every minute. */
export function useCountdown(deadline: string | null, tickMs = MINUTE_MS) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [deadline, tickMs]);
  if (!deadline) return null;
  const left = Math.max(0, new Date(deadline).getTime() - now);
  return {
    isOver: left === 0,
    days: Math.floor(left / DAY_MS),
    hours: Math.floor((left % DAY_MS) / HOUR_MS),
    minutes: Math.floor((left % HOUR_MS) / MINUTE_MS),
  };
}

/**
 * The time left on a deadline in days, hours and minutes. The server's page and the browser's first render read
 * the clock moments apart: across a minute's turn their texts differ, which is not a fault of the page, so React is
 * told to keep the server's text (suppressHydrationWarning, for this element's own text only) until the next tick.
 */
export function CountdownText({ deadline }: { deadline: string | null }) {
  const { t } = useTranslation();
  const countdown = useCountdown(deadline);
  if (countdown === null) return <>{t('operations.card.noDeadline')}</>;
  if (countdown.isOver) return <>{t('featured.ended')}</>;
  return (
    <time dateTime={deadline ?? undefined} suppressHydrationWarning>
      {t('featured.countdown', { days: countdown.days, hours: countdown.hours, minutes: countdown.minutes })}
    </time>
  );
}

/** The landing's featured deal (spec §2): every figure comes from GET /api/operations/featured. */
export function FeaturedDealCard() {
  const { t } = useTranslation();
  const query = useFeaturedOperation();
  return (
    <QueryState
      query={query}
      failure={t('featured.loadError')}
      // No deal is featured (404): said as a fact, not as a failure.
      refusal={(error) =>
        isApiError(error) &&
        error.status === 404 && (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {t('featured.unavailable')}
          </p>
        )
      }
      skeleton={<FeaturedDealSkeleton />}
    >
      {(deal) => <FeaturedDealView deal={deal} />}
    </QueryState>
  );
}

export function FeaturedDealView({ deal }: { deal: FeaturedOperation }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const language = i18n.language;
  const tons = (count: number) => t('featured.tons', { value: formatNumber(count, language) });
  const usd = (value: number) => formatUsdAmount(value, language);
  const origin = countryName(t, deal.originCountry);
  const destination = countryName(t, deal.destinationCountry);
  const orderPath = `/operation/${deal.id}/order`;
  // A visitor signs in first and comes back to the order page.
  const participateTo = user ? orderPath : loginPathTo(orderPath);
  const shipping = [deal.partners.shipping, deal.partners.logistics].filter(Boolean).join(' · ');

  return (
    <article
      aria-labelledby="featured-deal-title"
      className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-lg lg:grid lg:grid-cols-[0.9fr_1.1fr]"
    >
      <div className="relative min-h-56 bg-brand-900">
        <OperationImage src={deal.imageUrl} className="absolute inset-0" />
        <div className="absolute inset-0 bg-gradient-to-t from-brand-950/90 via-brand-950/55 to-transparent" />
        <div className="relative flex h-full min-h-56 flex-col justify-end gap-3 p-6 text-white">
          <h3 id="featured-deal-title" className="text-2xl font-bold sm:text-3xl">
            {deal.title}
          </h3>
          <p className="flex items-center gap-2 text-brand-100">
            <RouteIcon className="size-4 shrink-0" />
            <span>{t('operations.card.route', { origin, destination })}</span>
          </p>
        </div>
      </div>

      <div className="flex flex-col gap-6 p-6 sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div data-testid="featured-time-remaining">
            <p className="text-xs font-semibold text-slate-500">{t('featured.timeRemaining')}</p>
            <p className="mt-0.5 flex items-center gap-1.5 text-xl font-bold text-brand-900 tabular-nums">
              <ClockIcon className="size-5 text-accent-700" />
              <CountdownText deadline={deal.deadline} />
            </p>
          </div>
          <div className="text-right">
            <p className="text-xs font-semibold text-slate-500">{t('featured.status')}</p>
            <Badge tone={deal.status === 'active' ? 'success' : 'neutral'} className="mt-1 text-sm">
              {t(`operationStatus.${deal.status}`)}
            </Badge>
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm sm:grid-cols-3">
          <Field label={t('featured.participants')} testId="featured-participants">
            {t('featured.participantsValue', { count: deal.participants, max: deal.maxParticipants })}
          </Field>
          <Field label={t('featured.managedBy')}>{deal.partners.manager ?? t('featured.notSet')}</Field>
          <Field label={t('featured.moneyArbitrage')}>{deal.partners.moneyArbitrage ?? t('featured.notSet')}</Field>
          <Field label={t('featured.shippingLogistics')} wide>
            {shipping || t('featured.notSet')}
          </Field>
          <Field label={t('featured.totalVolume')} testId="featured-total-volume">
            {tons(deal.totalTons)}
          </Field>
          <Field label={t('featured.pricePerTon')} testId="featured-price-per-ton">
            {usd(deal.priceUsd)}
          </Field>
          <Field label={t('featured.totalPrice')} testId="featured-total-price">
            {usd(deal.totalPriceUsd)}
          </Field>
          <Field label={t('featured.availableVolume')} testId="featured-available">
            {tons(deal.availableTons)}
          </Field>
        </dl>

        <AllocationBar totalTons={deal.totalTons} availableTons={deal.availableTons} />

        <div className="grid gap-4 sm:grid-cols-3">
          <FactGroup title={t('featured.shippingDetails')}>
            <Field label={t('featured.arrivalPort')} testId="featured-arrival-port">
              {deal.arrivalPort ?? t('featured.notSet')}
            </Field>
            <Field label={t('featured.expectedArrival')} testId="featured-expected-arrival">
              {deal.expectedArrival
                ? formatDate(`${deal.expectedArrival}T12:00:00Z`, language, { month: 'long', year: 'numeric' })
                : t('featured.notSet')}
            </Field>
          </FactGroup>
          <FactGroup title={t('featured.specification')}>
            <Field label={t('featured.specification')} testId="featured-specification" hideLabel>
              <SpecificationSummary text={deal.specification} sheet={deal.specSheet} />
            </Field>
          </FactGroup>
          <FactGroup title={t('featured.volumeConstraints')}>
            <Field label={t('featured.containerSize')} testId="featured-container">
              {deal.containerTons === null ? t('featured.notSet') : tons(deal.containerTons)}
            </Field>
            <Field label={t('featured.minimumOrder')} testId="featured-minimum">
              {tons(deal.minVolume)}
            </Field>
          </FactGroup>
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <ButtonLink to={participateTo} size="lg">
            {t('featured.participate')}
          </ButtonLink>
          {!user && <p className="text-sm text-slate-500">{t('teaser.details')}</p>}
        </div>
      </div>
    </article>
  );
}

function Field({
  label,
  children,
  testId,
  wide = false,
  hideLabel = false,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
  hideLabel?: boolean;
}) {
  return (
    <div className={wide ? 'col-span-2 sm:col-span-1' : undefined} data-testid={testId}>
      <dt className={hideLabel ? 'sr-only' : 'text-xs font-medium text-slate-500'}>{label}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function FactGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
      <p className="text-xs font-bold tracking-wide text-brand-800 uppercase">{title}</p>
      <dl className="mt-2 space-y-2 text-sm">{children}</dl>
    </div>
  );
}

function FeaturedDealSkeleton() {
  return (
    <div
      aria-busy="true"
      className="overflow-hidden rounded-3xl border border-slate-200 bg-white lg:grid lg:grid-cols-2"
    >
      <Skeleton className="min-h-56 rounded-none" />
      <div className="space-y-4 p-8">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-12 w-40" />
      </div>
    </div>
  );
}
