import { useTranslation } from 'react-i18next';
import { AdminSettingsForm } from '../../features/settings/components/admin-settings-form';
import { AreaPage } from '../layouts/area-page';

export function AdminSettingsPage() {
  const { t } = useTranslation();
  return (
    <AreaPage title={t('pages.adminSettings')} description={t('adminSettings.subtitle')}>
      <div className="max-w-3xl">
        <AdminSettingsForm />
      </div>
    </AreaPage>
  );
}
