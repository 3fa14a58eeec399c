import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { LayersIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { useRouteTitleKey } from '../route-handle';

/**
 * A route whose screen a later issue builds: its real title (from the route's
 * handle) and an honest line saying the content is on its way, never a blank page.
 */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  return (
    <>
      <PageHeader title={titleKey ? t(titleKey) : t('common.appName')} description={t('common.comingSoon')} />
      <Container className="py-12 sm:py-16">
        <div className="flex flex-col items-start gap-6 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:p-8">
          <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
            <LayersIcon className="size-6" />
          </div>
          <p className="flex-1 text-slate-700">{t('placeholder.text')}</p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/operations" variant="secondary">
              {t('placeholder.browseOperations')}
            </ButtonLink>
            <ButtonLink to="/">{t('common.backToHome')}</ButtonLink>
          </div>
        </div>
      </Container>
    </>
  );
}
