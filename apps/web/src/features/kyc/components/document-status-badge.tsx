import { type KycDocumentStatus } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<KycDocumentStatus, BadgeTone> = {
  pending: 'neutral',
  uploaded: 'brand',
  verified: 'success',
  rejected: 'danger',
};

export function DocumentStatusBadge({ status }: { status: KycDocumentStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`kyc.documentStatus.${status}`)}</Badge>;
}
