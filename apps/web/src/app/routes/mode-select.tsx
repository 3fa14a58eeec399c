import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container';
import { ModePicker } from '../../features/auth/components/mode-picker';
import { PageHeader } from '../../components/ui/page-header';

export function ModeSelectPage() {
  const { t } = useTranslation();
  return (
    <div className="flex-1 bg-slate-50 py-12 sm:py-20">
      <Container className="max-w-3xl">
        <PageHeader variant="plain" title={t('modes.title')} description={t('modes.subtitle')} />
        <div className="mt-8">
          <ModePicker />
        </div>
      </Container>
    </div>
  );
}
