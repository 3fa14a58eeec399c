import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { escrowKeys } from './keys';

/** GET /api/admin/operations/{id}/ledger: an operation's escrow transfers, entries and held total. */
export function useOperationLedger(operationId: string) {
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({
      queryKey: escrowKeys.ledger(operationId, i18n.language),
      queryFn: ({ signal }) =>
        apiRequest(`/api/admin/operations/${encodeURIComponent(operationId)}/ledger`, (c) => c.ZLedgerResponse, {
          signal,
        }),
    }),
  );
}
