import { useTranslation } from 'react-i18next';
import { AdminDashboard } from '../../features/dashboards/components/admin-dashboard';
import { AreaPage } from '../layouts/area-page';

export function AdminDashboardPage() {
  const { t } = useTranslation();
  return (
    <AreaPage title={t('pages.admin')} description={t('adminDashboard.subtitle')}>
      <AdminDashboard />
    </AreaPage>
  );
}
