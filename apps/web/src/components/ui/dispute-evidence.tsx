import { type DisputeSummary, disputeEvidenceLinks } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { FileLinkList } from './file-link-list';

/** Who opened a dispute and when: the failed inspection, or a participant's company. */
export function DisputeOpenedBy({ dispute, className }: { dispute: DisputeSummary; className?: string }) {
  const { t, i18n } = useTranslation();
  const date = formatDate(dispute.openedAt, i18n.language, { dateStyle: 'long' });
  return (
    <p className={className}>
      {dispute.openedBy === 'inspection'
        ? t('disputes.openedByInspection', { date })
        : t('disputes.openedByParticipant', { date, company: dispute.openedByCompany ?? '—' })}
    </p>
  );
}

/** A dispute's evidence files as links, each with the company that uploaded it (the operation room and the admin's decision). */
export function DisputeEvidence({ operationId, dispute }: { operationId: string; dispute: DisputeSummary }) {
  const { t } = useTranslation();
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">{t('disputes.evidence')}</h3>
      <FileLinkList
        className="mt-1"
        files={disputeEvidenceLinks(operationId, dispute.evidence).map((file) => ({
          ...file,
          note: file.uploadedBy && t('disputes.evidenceBy', { company: file.uploadedBy }),
        }))}
        empty={t('disputes.noEvidence')}
      />
    </div>
  );
}
