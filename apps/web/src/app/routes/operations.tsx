import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { type LoaderFunctionArgs } from 'react-router';
import { catalogueQueryOptions, filtersFromSearchParams } from '../../features/operations/api/get-catalogue';
import { OperationsCatalogue } from '../../features/operations/components/operations-catalogue';
import { ensureQueries, routeData } from '../route-data';

/** The catalogue's page of results for the filters in the address. */
export function operationsLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const filters = filtersFromSearchParams(new URL(request.url).searchParams);
  return ensureQueries([catalogueQueryOptions(filters, routeData().language)]);
}

/** The catalogue: search, filters, sort and pages, all in the URL. */
export function OperationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('catalogue.title')} description={t('catalogue.subtitle')} />
      <Container as="section" aria-labelledby="operations-list-title" className="py-10 sm:py-14">
        <h2 id="operations-list-title" className="sr-only">
          {t('operations.page.listTitle')}
        </h2>
        <OperationsCatalogue />
      </Container>
    </>
  );
}
