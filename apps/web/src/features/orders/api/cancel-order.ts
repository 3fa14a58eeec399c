import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** The order a cancel is about: what the page names before and after it. */
export interface OrderToCancel {
  orderId: string;
  operationId: string;
  operationTitle: string;
  tons: number;
  amountCents: number;
}

/**
 * POST /api/orders/{id}/cancel: the buyer ends their unpaid order and its tons go back to the
 * operation at once (the first in its waitlist is invited). The mutation's variables are the order,
 * so the page can say what was cancelled once the order itself is gone from the API.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderToCancel) =>
      apiRequest(`/api/orders/${encodeURIComponent(order.orderId)}/cancel`, (c) => c.ZCancelOrderResponse, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
