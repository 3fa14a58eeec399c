import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { ContentCta, ContentSection, StepList } from '../../features/content/components/content-blocks';

const STEPS = ['kyc', 'seller', 'operation', 'inspection'] as const;

export function DueDiligencePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        eyebrow={t('pages.services')}
        title={t('pages.dueDiligence')}
        description={t('services.dueDiligence.subtitle')}
      />
      <ContentSection id="due-diligence-steps" title={t('pages.dueDiligence')} intro={t('services.dueDiligence.intro')}>
        <StepList
          items={STEPS.map((key) => ({
            key,
            title: t(`services.dueDiligence.steps.${key}.title`),
            text: t(`services.dueDiligence.steps.${key}.text`),
          }))}
        />
      </ContentSection>
      <ContentCta />
    </>
  );
}
