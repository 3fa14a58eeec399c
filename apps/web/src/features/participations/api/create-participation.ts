import { type CreateParticipationRequest } from '@tradeops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { participationKeys } from './keys';

/**
 * POST /api/operations/{id}/participations. The caller keeps one idempotency
 * key per form, so a double click or a retry after a timeout finds the same order.
 */
export function useCreateParticipation(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateParticipationRequest) =>
      apiRequest(
        `/api/operations/${encodeURIComponent(operationId)}/participations`,
        (c) => c.ZCreateParticipationResponse,
        { method: 'POST', body: request },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: participationKeys.all }),
  });
}
