import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

const PAYMENTS_KEY = ['admin', 'payments'] as const;

/** GET /api/admin/payments: proofs waiting for verification, oldest first. */
export function usePaymentQueue() {
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({
      queryKey: [...PAYMENTS_KEY, 'queue', i18n.language],
      queryFn: ({ signal }) => apiRequest('/api/admin/payments', (c) => c.ZPaymentQueueResponse, { signal }),
    }),
  );
}

export type PaymentDecision = { kind: 'confirm'; id: string } | { kind: 'reject'; id: string; reason: string };

export function usePaymentDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: PaymentDecision) =>
      apiRequest(
        `/api/admin/payments/${encodeURIComponent(decision.id)}/${decision.kind}`,
        (c) => c.ZCreateParticipationResponse,
        { method: 'POST', body: decision.kind === 'reject' ? { reason: decision.reason } : {} },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
  });
}

/** GET /api/admin/operations/{id}/ledger */
export function useOperationLedger(operationId: string) {
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({
      queryKey: [...PAYMENTS_KEY, 'ledger', operationId, i18n.language],
      queryFn: ({ signal }) =>
        apiRequest(`/api/admin/operations/${encodeURIComponent(operationId)}/ledger`, (c) => c.ZLedgerResponse, {
          signal,
        }),
    }),
  );
}
