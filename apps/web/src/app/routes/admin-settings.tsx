import { useTranslation } from 'react-i18next';
import { AdminSettingsForm } from '../../features/settings/components/admin-settings-form';
import { DocumentChecklistSettings } from '../../features/settings/components/document-checklist-settings';
import { AreaPage } from '../layouts/area-page';

export function AdminSettingsPage() {
  const { t } = useTranslation();
  return (
    <AreaPage title={t('pages.adminSettings')} description={t('adminSettings.subtitle')}>
      <div className="max-w-3xl space-y-6">
        <AdminSettingsForm />
        <DocumentChecklistSettings />
      </div>
    </AreaPage>
  );
}
