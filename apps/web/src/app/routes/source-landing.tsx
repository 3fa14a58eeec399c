import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { ArrowRightIcon } from '../../components/ui/icons';
import { FaqAccordion } from '../../features/content/components/faq-accordion';
import { LandingHero } from '../../features/content/components/landing-hero';
import { ProcessSteps } from '../../features/content/components/process-steps';
import { SecurePayment } from '../../features/content/components/secure-payment';
import { StatsStrip } from '../../features/content/components/stats-strip';
import { FeaturedDealCard } from '../../features/operations/components/featured-deal-card';
import { OperationSearch } from '../../features/operations/components/operation-search';
import { OperationsGrid } from '../../features/operations/components/operations-grid';
import { statsQueryOptions } from '../../features/content/api/get-stats';
import { featuredOperationQueryOptions } from '../../features/operations/api/get-featured-operation';
import { type ListOperationsParams, listOperationsQueryOptions } from '../../features/operations/api/list-operations';
import { ensureQueries, routeData } from '../route-data';

/** How many of the newest operations the landing shows before "view all" (spec §2: three sample cards). */
const LANDING_OPERATIONS_LIMIT = 3;
const LANDING_OPERATIONS: ListOperationsParams = { status: 'all', limit: LANDING_OPERATIONS_LIMIT };

/** The landing's data: the figures, the featured deal and the newest operations. */
export function sourceLandingLoader(): Promise<null> {
  const { language } = routeData();
  return ensureQueries([
    statsQueryOptions(),
    featuredOperationQueryOptions(language),
    listOperationsQueryOptions(LANDING_OPERATIONS, language),
  ]);
}

/**
 * The buyer landing (`/` and `/source-landing`): hero with search and filters,
 * statistics, the featured deal, three operations, FAQ, process, escrow.
 */
export function SourceLandingPage() {
  const { t } = useTranslation();
  return (
    <>
      <LandingHero>
        <OperationSearch />
      </LandingHero>
      <Container className="relative z-10 -mt-12 sm:-mt-14">
        <StatsStrip />
      </Container>
      <section aria-labelledby="featured-title" className="pt-16 sm:pt-20">
        <Container>
          <h2 id="featured-title" className="mb-8 text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
            {t('featured.eyebrow')}
          </h2>
          <FeaturedDealCard />
        </Container>
      </section>
      <section aria-labelledby="open-operations-title" className="py-16 sm:py-20">
        <Container>
          <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 id="open-operations-title" className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
                {t('landing.operations.title')}
              </h2>
              <p className="mt-2 max-w-2xl text-slate-600">{t('landing.operations.subtitle')}</p>
            </div>
            <Link
              to="/operations"
              className="inline-flex shrink-0 items-center gap-1.5 rounded-md text-sm font-semibold text-accent-700 hover:text-accent-800"
            >
              {t('common.viewAll')}
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
          <OperationsGrid params={LANDING_OPERATIONS} />
        </Container>
      </section>
      <FaqAccordion />
      <ProcessSteps />
      <SecurePayment />
    </>
  );
}
