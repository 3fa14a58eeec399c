import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { ContentCta, ContentSection } from '../../features/content/components/content-blocks';

const SERVICES = [
  { key: 'dueDiligence', to: '/services/due-diligence' },
  { key: 'financing', to: '/services/financing' },
  { key: 'operations', to: '/operations' },
  { key: 'logistics', to: '/why-tradeops' },
] as const;

export function ServicesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.services')} description={t('services.subtitle')} />
      <ContentSection id="services-list" title={t('footer.allServices')}>
        <ul className="grid gap-6 sm:grid-cols-2">
          {SERVICES.map((service) => (
            <li
              key={service.key}
              className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm hover:shadow-md"
            >
              <h3 className="text-lg font-semibold text-brand-900">{t(`services.items.${service.key}.title`)}</h3>
              <p className="mt-2 flex-1 text-slate-600">{t(`services.items.${service.key}.text`)}</p>
              <Link
                to={service.to}
                className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-accent-700 after:absolute after:inset-0"
              >
                {t('services.learnMore')}
                <span className="sr-only">: {t(`services.items.${service.key}.title`)}</span>
                <ArrowRightIcon className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </ContentSection>
      <ContentCta />
    </>
  );
}
