import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { type ListOperationsParams, listOperationsQueryOptions } from '../../features/operations/api/list-operations';
import { OperationsGrid } from '../../features/operations/components/operations-grid';
import { ensureQueries, routeData } from '../route-data';

const EXPLORE_OPERATIONS: ListOperationsParams = { status: 'active', limit: 6 };

export function exploreLoader(): Promise<null> {
  return ensureQueries([listOperationsQueryOptions(EXPLORE_OPERATIONS, routeData().language)]);
}

/** A visitor's teaser (spec §2): a glimpse of the catalogue and a call to sign up for the details. */
export function ExplorePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('explore.title')}
        description={t('explore.text')}
        actions={
          <>
            <ButtonLink to="/signup" size="lg">
              {t('explore.signup')}
            </ButtonLink>
            <ButtonLink to="/login" variant="secondary" size="lg">
              {t('explore.login')}
            </ButtonLink>
          </>
        }
      />
      <Container as="section" aria-label={t('landing.operations.title')} className="py-12">
        <OperationsGrid params={EXPLORE_OPERATIONS} />
      </Container>
    </>
  );
}
