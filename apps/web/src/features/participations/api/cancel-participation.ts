import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { participationKeys } from './keys';

/** The order a cancel is about: what the page names before and after it. */
export interface OrderToCancel {
  participationId: string;
  operationId: string;
  operationTitle: string;
  tons: number;
  amountCents: number;
}

/**
 * POST /api/participations/{id}/cancel: the buyer ends their unpaid order and its tons go back to the
 * operation at once (the first in its waitlist is invited). The mutation's variables are the order,
 * so the page can say what was cancelled once the order itself is gone from the API.
 */
export function useCancelParticipation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderToCancel) =>
      apiRequest(
        `/api/participations/${encodeURIComponent(order.participationId)}/cancel`,
        (c) => c.ZCancelParticipationResponse,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: participationKeys.all }),
  });
}
