import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container className="flex flex-1 flex-col items-center justify-center py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-accent-700 uppercase">{t('pages.notFoundCode')}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{t('pages.notFound')}</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">{t('pages.notFoundText')}</p>
      <ButtonLink to="/" size="lg" className="mt-8">
        {t('common.backToHome')}
      </ButtonLink>
    </Container>
  );
}
