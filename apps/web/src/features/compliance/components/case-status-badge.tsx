import { type ComplianceCaseStatus, type ComplianceStatus } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const CASE_TONES: Record<ComplianceCaseStatus, BadgeTone> = {
  open: 'warning',
  cleared: 'success',
  confirmed: 'danger',
};
const STANDING_TONES: Record<ComplianceStatus, BadgeTone> = { clear: 'success', review: 'warning', blocked: 'danger' };

export function CaseStatusBadge({ status }: { status: ComplianceCaseStatus }) {
  const { t } = useTranslation();
  return <Badge tone={CASE_TONES[status]}>{t(`compliance.caseStatuses.${status}`)}</Badge>;
}

/** A company's screening standing (clear, under review, blocked). */
export function StandingBadge({ status }: { status: ComplianceStatus }) {
  const { t } = useTranslation();
  return <Badge tone={STANDING_TONES[status]}>{t(`compliance.standings.${status}`)}</Badge>;
}

/** A score as people read it: 0.9731 → 97 %. */
export function formatScore(score: number): string {
  return `${Math.round(score * 100)} %`;
}
