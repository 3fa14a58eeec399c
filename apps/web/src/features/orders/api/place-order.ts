import { type PlaceOrderRequest } from '@tradeops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './keys';

/**
 * POST /api/operations/{id}/orders. The caller keeps one idempotency
 * key per form, so a double click or a retry after a timeout finds the same order.
 */
export function usePlaceOrder(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PlaceOrderRequest) =>
      apiRequest(`/api/operations/${encodeURIComponent(operationId)}/orders`, (c) => c.ZPlaceOrderResponse, {
        method: 'POST',
        body: request,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
