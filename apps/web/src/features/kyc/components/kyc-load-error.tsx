import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Spec §8: 'Error loading profile' when the KYC profile cannot be loaded. */
export function KycLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-6 text-rose-900">
      <p className="font-semibold">{t('errors.profileLoad')}</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
