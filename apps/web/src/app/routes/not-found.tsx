import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container className="flex flex-1 flex-col items-center justify-center py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-accent-700 uppercase">{t('pages.notFoundCode')}</p>
      <PageHeader variant="plain" title={t('pages.notFound')} className="mt-3" />
      <p className="mt-4 max-w-md text-lg text-slate-600">{t('pages.notFoundText')}</p>
      <ButtonLink to="/" size="lg" className="mt-8">
        {t('common.backToHome')}
      </ButtonLink>
    </Container>
  );
}
