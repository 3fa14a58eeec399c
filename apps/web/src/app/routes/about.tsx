import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { CardGrid, ContentCta, ContentSection } from '../../features/content/components/content-blocks';

const VALUES = ['transparency', 'security', 'collaboration', 'compliance'] as const;
const LEADERS = ['ceo', 'coo', 'cto'] as const;

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.about')} description={t('about.subtitle')} />
      <ContentSection id="about-mission" title={t('about.missionTitle')} intro={t('about.mission')} />
      <ContentSection id="about-values" title={t('about.valuesTitle')} tone="muted">
        <CardGrid
          columns={2}
          items={VALUES.map((key) => ({
            key,
            title: t(`about.values.${key}.title`),
            text: t(`about.values.${key}.text`),
          }))}
        />
      </ContentSection>
      <ContentSection id="about-leadership" title={t('about.leadershipTitle')} intro={t('about.leadershipText')}>
        <ul className="grid gap-6 sm:grid-cols-3">
          {LEADERS.map((key) => {
            const name = t(`about.leaders.${key}.name`);
            const initials = name
              .split(' ')
              .slice(0, 2)
              .map((part) => part[0])
              .join('');
            return (
              <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span
                  aria-hidden="true"
                  className="flex size-14 items-center justify-center rounded-full bg-brand-900 text-lg font-bold text-white"
                >
                  {initials}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-brand-900">{name}</h3>
                <p className="text-sm font-semibold text-accent-700">{t(`about.leaders.${key}.role`)}</p>
                <p className="mt-2 text-slate-600">{t(`about.leaders.${key}.bio`)}</p>
              </li>
            );
          })}
        </ul>
      </ContentSection>
      <ContentSection
        id="about-technology"
        title={t('about.technologyTitle')}
        intro={t('about.technology')}
        tone="muted"
      />
      <ContentCta />
    </>
  );
}
