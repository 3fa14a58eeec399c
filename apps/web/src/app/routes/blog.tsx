import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { BlogList } from '../../features/content/components/blog-list';

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
