import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { CardGrid, ContentCta, ContentSection, StepList } from '../../features/content/components/content-blocks';

const HOW = ['apply', 'review', 'fund'] as const;

export function FinancingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        eyebrow={t('pages.services')}
        title={t('pages.financing')}
        description={t('services.financing.subtitle')}
      />
      <ContentSection id="financing-offer" title={t('pages.financing')} intro={t('services.financing.intro')}>
        <CardGrid
          columns={2}
          items={[
            {
              key: 'partners',
              title: t('services.financing.partnersTitle'),
              text: t('services.financing.partnersText'),
            },
            {
              key: 'arbitrage',
              title: t('services.financing.arbitrageTitle'),
              text: t('services.financing.arbitrageText'),
            },
          ]}
        />
      </ContentSection>
      <ContentSection id="financing-how" title={t('services.financing.howTitle')} tone="muted">
        <StepList items={HOW.map((key) => ({ key, text: t(`services.financing.how.${key}`) }))} />
      </ContentSection>
      <ContentCta />
    </>
  );
}
