import { type OperationDetail as OperationDetailData, type OperationListItem } from '@tradeops/shared';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useFeaturedOperation } from '../api/get-featured-operation';
import { useOperationDetail } from '../api/get-operation-detail';
import { useOperationSummary } from '../api/get-operation-summary';
import { Fact } from '../../../components/ui/fact';
import { cx } from '../../../lib/class-names';
import { formatNumber, formatUsdAmount } from '../../../lib/format';
import { countryName } from '../../../lib/i18n';
import { AllocationBar } from './allocation-bar';
import { DeadlineText } from './operation-card';
import { useOperationPageHead } from '../hooks/use-operation-page-head';
import { OperationDetailView } from './operation-detail-view';
import { loginPathTo, RETURN_TO_PARAM } from '../../../lib/login-path';
import { PageHeader } from '../../../components/ui/page-header';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an address's id can name an operation (anything else is not found without asking). */
export function isOperationId(id: string | undefined): id is string {
  return !!id && UUID.test(id);
}

/**
 * /operation/{id} and /operation/featured. Details need a session: a visitor
 * sees a teaser with sign-in and sign-up, and comes back here after signing in.
 */
export function OperationDetail({
  id,
  isFeatured = false,
  renderMakeOffer,
}: {
  id?: string;
  isFeatured?: boolean;
  /** The "Make an Offer" action for this operation (the app composes it with the viewer's mode). */
  renderMakeOffer?: (operation: OperationDetailData) => ReactNode;
}) {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const featured = useFeaturedOperation(isFeatured);
  const operationId = isFeatured ? featured.data?.id : id;
  const isValidId = isOperationId(operationId);
  const detail = useOperationDetail(operationId, !!user && isValidId);
  // A visitor sees the deal's public facts (as its catalogue card shows them) above the sign-in prompt.
  const summary = useOperationSummary(operationId, !isLoading && !user && isValidId);
  const returnTo = isFeatured ? '/operation/featured' : `/operation/${id ?? ''}`;
  useOperationPageHead(detail.data ?? summary.data);

  if (isLoading) return <DetailSkeleton />;
  if (!isFeatured && !isValidId) return <OperationNotFound />;
  if (!user) {
    if (isValidId && summary.isPending) return <DetailSkeleton />;
    return <DetailTeaser returnTo={returnTo} operation={summary.data} />;
  }
  // No such operation (or no featured one) is not found; any other failure offers a retry.
  const states = {
    failure: t('detail.loadError'),
    refusal: (error: Error) => isMissing(error) && <OperationNotFound />,
    skeleton: <DetailSkeleton />,
    className: 'mx-4 my-16 sm:mx-auto sm:max-w-3xl',
  };
  const shown = (
    <QueryState query={detail} {...states}>
      {(operation) => <OperationDetailView operation={operation} makeOfferAction={renderMakeOffer?.(operation)} />}
    </QueryState>
  );
  if (!isFeatured) return shown;
  return (
    <QueryState query={featured} {...states}>
      {() => shown}
    </QueryState>
  );
}

function isMissing(error: Error): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

function DetailTeaser({ returnTo, operation }: { returnTo: string; operation: OperationListItem | undefined }) {
  const { t } = useTranslation();
  return (
    <Container className={operation ? 'max-w-3xl py-10 sm:py-16' : 'max-w-3xl py-16 sm:py-24'}>
      {operation && <OperationPublicFacts operation={operation} />}
      <div
        className={cx(
          'rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-12',
          operation && 'mt-8',
        )}
      >
        {operation ? (
          <h2 className="text-xl font-bold tracking-tight text-brand-900">{t('detail.teaserTitle')}</h2>
        ) : (
          <PageHeader variant="plain" title={t('detail.teaserTitle')} />
        )}
        <p className="mt-4 text-slate-600">{t('detail.teaserText')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to={loginPathTo(returnTo)} size="lg">
            {t('detail.login')}
          </ButtonLink>
          <ButtonLink to={`/signup?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}`} variant="secondary" size="lg">
            {t('detail.signup')}
          </ButtonLink>
        </div>
        <p className="mt-6">
          <ButtonLink to="/" variant="ghost" size="sm">
            {t('detail.back')}
          </ButtonLink>
        </p>
      </div>
    </Container>
  );
}

/** What anyone may know of a deal (its catalogue card's facts): product, route, price, time left, tonnage. */
function OperationPublicFacts({ operation }: { operation: OperationListItem }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tons = (value: number) => formatNumber(value, language);
  const origin = countryName(t, operation.originCountry);
  const destination = countryName(t, operation.destinationCountry);
  return (
    <section aria-labelledby="operation-public-title">
      <p className="text-xs font-semibold tracking-wide text-accent-700 uppercase">
        {t(`operations.type.${operation.type}`)} · {t(`productCategories.${operation.productCategory}`)}
      </p>
      <h1 id="operation-public-title" className="mt-2 text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
        {operation.title}
      </h1>
      <p className="mt-2 text-lg text-slate-600">{t('operations.card.route', { origin, destination })}</p>
      <dl className="mt-6 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
        <Fact label={t('operations.card.pricePerTon')}>{formatUsdAmount(operation.priceUsd, language)}</Fact>
        <Fact label={t('operations.card.timeLeft')}>
          <DeadlineText deadline={operation.deadline} />
        </Fact>
        <Fact label={t('featured.availableVolume')}>
          {t('operations.card.available', { available: tons(operation.availableTons) })}{' '}
          {t('operations.card.ofTotal', { total: tons(operation.totalTons) })}
        </Fact>
        <Fact label={t('featured.status')}>{t(`operationStatus.${operation.status}`)}</Fact>
      </dl>
      <AllocationBar className="mt-4" totalTons={operation.totalTons} availableTons={operation.availableTons} />
      <p className="mt-2 text-sm text-slate-600">
        {t('operations.card.minVolume', { min: tons(operation.minVolume) })}
      </p>
    </section>
  );
}

function OperationNotFound() {
  const { t } = useTranslation();
  return (
    <Container className="max-w-3xl py-16 sm:py-24">
      <p className="text-sm font-semibold text-accent-700">{t('pages.notFoundCode')}</p>
      <PageHeader variant="plain" title={t('pages.notFound')} className="mt-2" />
      <p className="mt-3 text-slate-600">{t('detail.notFoundText')}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/operations">{t('detail.browse')}</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          {t('detail.back')}
        </ButtonLink>
      </div>
    </Container>
  );
}

/** As tall as the screen: the footer stays out of view until the detail arrives (no layout shift). */
function DetailSkeleton() {
  return (
    <Container className="min-h-dvh space-y-6 py-10" aria-busy="true">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-40 w-full" />
    </Container>
  );
}
