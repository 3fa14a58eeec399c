import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-query';
import { paymentKeys } from './keys';

/** GET /api/admin/payments: proofs waiting for verification, oldest first, a page at a time. */
export function usePaymentQueue() {
  const { i18n } = useTranslation();
  return usePagedList({
    queryKey: paymentKeys.queue(i18n.language),
    path: '/api/admin/payments',
    schema: (c) => c.ZPaymentQueueResponse,
  });
}

/** A decision names the proof revision the admin looked at: a proof replaced since is refused (409). */
export type PaymentDecision =
  | { kind: 'confirm'; id: string; proofRevision: number }
  | { kind: 'reject'; id: string; reason: string; proofRevision: number };

export function usePaymentDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: PaymentDecision) =>
      apiRequest(
        `/api/admin/payments/${encodeURIComponent(decision.id)}/${decision.kind}`,
        (c) => c.ZPlaceOrderResponse,
        {
          method: 'POST',
          body:
            decision.kind === 'reject'
              ? { reason: decision.reason, proofRevision: decision.proofRevision }
              : { proofRevision: decision.proofRevision },
        },
      ),
    // On success and on a refusal alike (a stale proof among them), the queue shows what is current.
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
