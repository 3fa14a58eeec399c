import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InnerPage } from '../../components/ui/inner-page';
import { QueryState } from '../../components/ui/query-state';
import { useComplianceCase } from '../../features/compliance/api/compliance';
import { CaseDetail } from '../../features/compliance/components/case-detail';

/** /admin/compliance/cases/:caseId: one possible match and its decision. */
export function AdminComplianceCasePage() {
  const { t } = useTranslation();
  const { caseId = '' } = useParams();
  const detail = useComplianceCase(caseId);
  return (
    <InnerPage
      back={{ to: '/admin/compliance', label: t('compliance.case.back') }}
      title={t('compliance.case.title')}
      className="max-w-4xl"
    >
      <div className="mt-6">
        <QueryState query={detail} isEmpty={() => false} empty={null}>
          {(data) => <CaseDetail detail={data} />}
        </QueryState>
      </div>
    </InnerPage>
  );
}
