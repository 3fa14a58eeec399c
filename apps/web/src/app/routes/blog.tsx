import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { blogPostsQueryOptions } from '../../features/content/api/blog';
import { BlogList } from '../../features/content/components/blog-list';
import { ensureQueries, routeData } from '../route-data';

export function blogLoader(): Promise<null> {
  return ensureQueries([blogPostsQueryOptions(routeData().language)]);
}

export function BlogPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.blog')} description={t('blog.subtitle')} />
      <Container className="py-12 sm:py-16">
        <BlogList />
      </Container>
    </>
  );
}
