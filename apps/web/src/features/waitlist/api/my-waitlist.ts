import { type ClaimWaitlistInvitationRequest, type JoinWaitlistRequest } from '@tradeops/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const myWaitlistQueryKey = (operationId: string) => ['waitlist', 'mine', operationId] as const;
const base = (operationId: string) => `/api/operations/${encodeURIComponent(operationId)}/waitlist`;

/** GET /api/operations/{id}/waitlist/mine: the caller's place, invitation and the volume range. */
export function useMyWaitlist(operationId: string) {
  return useQuery(
    queryOptions({
      queryKey: myWaitlistQueryKey(operationId),
      queryFn: ({ signal }) => apiRequest(`${base(operationId)}/mine`, (c) => c.ZMyWaitlistResponse, { signal }),
      // An invitation can arrive at any time (another buyer's order expires): look again every minute.
      refetchInterval: 60_000,
    }),
  );
}

function useRefreshAfter(operationId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: myWaitlistQueryKey(operationId) });
  };
}

/** POST /api/operations/{id}/waitlist. */
export function useJoinWaitlist(operationId: string) {
  const refresh = useRefreshAfter(operationId);
  return useMutation({
    mutationFn: (request: JoinWaitlistRequest) =>
      apiRequest(base(operationId), (c) => c.ZWaitlistEntry, { method: 'POST', body: request }),
    onSettled: refresh,
  });
}

/** DELETE /api/operations/{id}/waitlist. */
export function useLeaveWaitlist(operationId: string) {
  const refresh = useRefreshAfter(operationId);
  return useMutation({
    mutationFn: () => apiRequest(base(operationId), (c) => c.ZOkResponse, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

/** POST /api/operations/{id}/waitlist/claim: the invitation becomes an order (one key per claim button). */
export function useClaimWaitlistInvitation(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ClaimWaitlistInvitationRequest) =>
      apiRequest(`${base(operationId)}/claim`, (c) => c.ZClaimWaitlistInvitationResponse, {
        method: 'POST',
        body: request,
      }),
    // The new order changes the order form and the participate page too.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
