import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../../lib/paged-query';
import { escrowKeys } from './keys';

/**
 * GET /api/admin/operations/{id}/ledger a page at a time: the operation's transfers with their
 * entries, oldest first, and on every page the whole ledger's sums (kept by the server, not summed here).
 */
export function useOperationLedger(operationId: string) {
  const { i18n } = useTranslation();
  return usePagedList({
    queryKey: escrowKeys.ledger(operationId, i18n.language),
    path: `/api/admin/operations/${encodeURIComponent(operationId)}/ledger`,
    schema: (c) => c.ZLedgerResponse,
  });
}
