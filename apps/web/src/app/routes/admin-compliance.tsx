import { useTranslation } from 'react-i18next';
import { InnerPage } from '../../components/ui/inner-page';
import { CaseQueue } from '../../features/compliance/components/case-queue';
import { ComplianceSettingsForm } from '../../features/compliance/components/compliance-settings-form';
import { SanctionsListsPanel } from '../../features/compliance/components/sanctions-lists-panel';

/** /admin/compliance: the screening queue, the sanctions lists (versions, upload, re-screening) and the settings. */
export function AdminCompliancePage() {
  const { t } = useTranslation();
  return (
    <InnerPage title={t('compliance.title')} description={t('compliance.subtitle')} className="max-w-6xl">
      <div className="mt-8">
        <CaseQueue />
        <SanctionsListsPanel />
        <ComplianceSettingsForm />
      </div>
    </InnerPage>
  );
}
