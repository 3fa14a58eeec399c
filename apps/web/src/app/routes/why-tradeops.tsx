import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { CardGrid, ContentCta, ContentSection } from '../../features/content/components/content-blocks';

const POINTS = ['price', 'escrow', 'verified', 'logistics', 'visibility', 'financing'] as const;

export function WhyTradeopsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.whyTradeops')} description={t('why.subtitle')} />
      <ContentSection id="why-points" title={t('common.appName')}>
        <CardGrid
          items={POINTS.map((key) => ({ key, title: t(`why.points.${key}.title`), text: t(`why.points.${key}.text`) }))}
        />
      </ContentSection>
      <ContentCta />
    </>
  );
}
