import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container';
import { ModePicker } from '../../features/auth/components/mode-picker';

export function ModeSelectPage() {
  const { t } = useTranslation();
  return (
    <div className="flex-1 bg-slate-50 py-12 sm:py-20">
      <Container className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-brand-900">{t('modes.title')}</h1>
        <p className="mt-2 text-slate-600">{t('modes.subtitle')}</p>
        <div className="mt-8">
          <ModePicker />
        </div>
      </Container>
    </div>
  );
}
