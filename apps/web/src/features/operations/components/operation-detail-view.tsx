import { type OperationDetail } from '@tradeops/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { BackLink } from '../../../components/ui/back-link';
import { Container } from '../../../components/ui/container';
import { ChartIcon, RouteIcon, ShieldCheckIcon, UsersIcon } from '../../../components/ui/icons';
import { formatDate, formatNumber, formatUsdAmount } from '../../../lib/format';
import { countryName } from '../../../lib/i18n';
import { downloadSpecSheet, useWatchOperation } from '../api/get-operation-detail';
import { OperationCard } from './operation-card';
import { OperationImage } from './operation-image';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { AllocationBar } from './allocation-bar';
import { SellerTrackRecord } from './seller-track-record';
import { SpecificationSummary } from './specification-summary';
import { TradeTermsList } from '../../../components/ui/trade-terms-list';

/** The whole detail page of one operation, from GET /api/operations/{id}. */
export function OperationDetailView({
  operation,
  makeOfferAction,
}: {
  operation: OperationDetail;
  /** The "Make an Offer" action, composed by the app (it depends on the viewer's mode); a plain link otherwise. */
  makeOfferAction?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const origin = countryName(t, operation.originCountry);
  const destination = countryName(t, operation.destinationCountry);
  const tons = (value: number) => t('featured.tons', { value: formatNumber(value, language) });
  const date = (value: string | null) =>
    value ? formatDate(`${value}T12:00:00Z`, language, { month: 'long', year: 'numeric' }) : t('featured.notSet');

  const facts: [string, ReactNode][] = [
    [
      t('detail.facts.participants'),
      t('featured.participantsValue', { count: operation.participants, max: operation.maxParticipants }),
    ],
    [t('detail.facts.available'), `${tons(operation.availableTons)} / ${tons(operation.totalTons)}`],
    [t('detail.facts.minimum'), tons(operation.minVolume)],
    [
      t('detail.facts.container'),
      operation.containerTons === null ? t('featured.notSet') : tons(operation.containerTons),
    ],
    [t('detail.facts.arrivalPort'), operation.arrivalPort ?? t('featured.notSet')],
    [t('detail.facts.warehouse'), operation.warehouse ?? t('featured.notSet')],
    [t('detail.facts.expectedDeparture'), date(operation.expectedDeparture)],
    [t('detail.facts.expectedArrival'), date(operation.expectedArrival)],
    [
      t('detail.facts.specification'),
      <SpecificationSummary key="specification" text={operation.specification} sheet={operation.specSheet} />,
    ],
  ];

  return (
    <>
      <div className="border-b border-slate-200 bg-white">
        <Container className="py-8 sm:py-10">
          <BackLink to="/">{t('detail.back')}</BackLink>
          <div className="mt-6 grid gap-8 lg:grid-cols-[1.2fr_1fr]">
            <div>
              <div className="flex flex-wrap gap-2">
                <Badge tone={operation.type === 'import' ? 'brand' : 'accent'}>
                  {t(`operations.type.${operation.type}`)}
                </Badge>
                <Badge tone="success">{t(`operationStatus.${operation.status}`)}</Badge>
                <Badge>{t(`productCategories.${operation.productCategory}`)}</Badge>
              </div>
              <PageHeader variant="plain" title={operation.title} className="mt-4" />
              <p className="mt-3 flex items-center gap-2 text-lg text-slate-600">
                <RouteIcon className="size-5 text-slate-400" />
                {t('detail.route', { origin, destination })}
              </p>
              <SpecDownload operation={operation} />
              <Stats operation={operation} />
            </div>
            <div className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-brand-900">
              <OperationImage src={operation.imageUrl} loading="eager" />
            </div>
          </div>
        </Container>
      </div>

      <Container className="grid gap-10 py-10 lg:grid-cols-[1.5fr_1fr]">
        <div className="space-y-10">
          <section aria-labelledby="detail-about">
            <h2 id="detail-about" className="text-2xl font-bold text-brand-900">
              {t('detail.about')}
            </h2>
            <p className="mt-3 text-lg leading-8 text-slate-700">{operation.description}</p>
            <dl className="mt-6 grid gap-4 sm:grid-cols-3">
              {facts.map(([label, value]) => (
                <div key={label} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
                  <dt className="text-xs font-medium text-slate-500">{label}</dt>
                  <dd className="mt-1 font-semibold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="detail-terms">
            <h2 id="detail-terms" className="text-2xl font-bold text-brand-900">
              {t('tradeTerms.title')}
            </h2>
            <TradeTermsList terms={operation.tradeTerms} className="mt-4 grid gap-4 sm:grid-cols-2" />
          </section>
          {/* A seller's new deal has no partners yet: no heading over an empty list. */}
          {operation.partners.length > 0 && (
            <section aria-labelledby="detail-partners">
              <h2 id="detail-partners" className="text-2xl font-bold text-brand-900">
                {t('detail.partners')}
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {operation.partners.map((partner) => (
                  <li
                    key={`${partner.role}-${partner.name}`}
                    className="rounded-xl border border-slate-200 bg-white p-4"
                  >
                    <p className="text-xs font-semibold tracking-wide text-accent-700 uppercase">
                      {t(`detail.roles.${partner.role}`)}
                    </p>
                    <p className="mt-1 font-semibold text-brand-900">{partner.name}</p>
                    <p className="text-sm text-slate-500">{countryName(t, partner.country)}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="text-sm font-medium text-slate-500">{t('detail.investment')}</p>
            <p className="mt-1 text-3xl font-bold text-brand-900 tabular-nums" data-testid="detail-investment">
              {formatUsdAmount(operation.totalPriceUsd, language)}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {formatUsdAmount(operation.priceUsd, language)} {t('common.perTon')} × {tons(operation.totalTons)}
            </p>
            <AllocationBar className="mt-4" totalTons={operation.totalTons} availableTons={operation.availableTons} />
            <div className="mt-6 flex flex-col gap-3">
              {operation.isOwnOperation ? (
                // Its seller cannot buy in it (the server refuses too): no order button, and why.
                <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="detail-own-operation">
                  {t('detail.ownOperation')}
                </p>
              ) : (
                <ButtonLink to={`/operation/${operation.id}/order`} size="lg">
                  {t('detail.participate')}
                </ButtonLink>
              )}
              {makeOfferAction ?? (
                <ButtonLink to={`/make-offer?from=${operation.id}`} variant="secondary" size="lg">
                  {t('detail.makeOffer')}
                </ButtonLink>
              )}
            </div>
          </div>
          {operation.badges.length > 0 && (
            <div className="rounded-2xl border border-slate-200 bg-white p-6" data-testid="detail-badges">
              <h2 className="text-sm font-bold text-brand-900">{t('detail.badgesTitle')}</h2>
              <ul className="mt-3 space-y-2">
                {operation.badges.map((badge) => (
                  <li key={badge} className="flex items-center gap-2 text-sm font-medium text-emerald-800">
                    <ShieldCheckIcon className="size-4" />
                    {t(`detail.badges.${badge}`)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <SellerTrackRecord record={operation.sellerRecord} />
        </aside>
      </Container>

      <section aria-labelledby="detail-similar" className="bg-slate-50 py-12">
        <Container>
          <h2 id="detail-similar" className="text-2xl font-bold text-brand-900">
            {t('detail.similar')}
          </h2>
          {operation.similar.length === 0 ? (
            <p className="mt-4 text-slate-600">{t('detail.noSimilar')}</p>
          ) : (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {operation.similar.map((item) => (
                <li key={item.id}>
                  <OperationCard operation={item} />
                </li>
              ))}
            </ul>
          )}
        </Container>
      </section>
    </>
  );
}

function SpecDownload({ operation }: { operation: OperationDetail }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const sheet = operation.specSheet;
  if (!sheet) return <p className="mt-6 text-sm text-slate-500">{t('detail.noSpec')}</p>;
  return (
    <div className="mt-6">
      <Button
        variant="secondary"
        disabled={state === 'loading'}
        aria-busy={state === 'loading'}
        onClick={() => {
          setState('loading');
          downloadSpecSheet(operation.id, sheet.fileName).then(
            () => setState('idle'),
            () => setState('error'),
          );
        }}
      >
        {state === 'loading' ? t('detail.specDownloading') : t('detail.specDownload')}
      </Button>
      <p className="mt-2 text-sm text-slate-500">
        {t('detail.specMeta', {
          version: sheet.version,
          date: formatDate(sheet.updatedAt, i18n.language, { dateStyle: 'long' }),
        })}
      </p>
      {state === 'error' && <Alert className="mt-2">{t('detail.specError')}</Alert>}
    </div>
  );
}

function Stats({ operation }: { operation: OperationDetail }) {
  const { t, i18n } = useTranslation();
  const watch = useWatchOperation(operation.id);
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className="mt-6 flex flex-wrap items-center gap-6">
      <dl className="flex gap-6 text-sm">
        <div data-testid="detail-views">
          <dt className="flex items-center gap-1 text-slate-500">
            <ChartIcon className="size-4" />
            {t('detail.views')}
          </dt>
          <dd className="font-bold text-brand-900">{number(operation.stats.views)}</dd>
        </div>
        <div data-testid="detail-watchers">
          <dt className="flex items-center gap-1 text-slate-500">
            <UsersIcon className="size-4" />
            {t('detail.watchers')}
          </dt>
          <dd className="font-bold text-brand-900">{number(operation.stats.watchers)}</dd>
        </div>
        <div data-testid="detail-comments">
          <dt className="text-slate-500">{t('detail.comments')}</dt>
          <dd className="font-bold text-brand-900">{number(operation.stats.comments)}</dd>
        </div>
      </dl>
      <Button
        variant={operation.isWatching ? 'primary' : 'secondary'}
        size="sm"
        aria-pressed={operation.isWatching}
        title={t('detail.watchHint')}
        disabled={watch.isPending}
        onClick={() => watch.mutate(!operation.isWatching)}
      >
        {operation.isWatching ? t('detail.watching') : t('detail.watch')}
      </Button>
    </div>
  );
}
