import { OPERATIONS_LIST_LIMIT } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { OperationsGrid } from '../../features/operations/components/operations-grid';

/** The whole catalogue, newest first (the landing's "view all"). Search and filters come with the landing issue. */
export function OperationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.operations')} description={t('operations.page.subtitle')} />
      <Container as="section" aria-labelledby="operations-list-title" className="py-12 sm:py-16">
        <h2 id="operations-list-title" className="sr-only">
          {t('operations.page.listTitle')}
        </h2>
        <OperationsGrid params={{ status: 'all', limit: OPERATIONS_LIST_LIMIT }} skeletonCount={6} />
      </Container>
    </>
  );
}
