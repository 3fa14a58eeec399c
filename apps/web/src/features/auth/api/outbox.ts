import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

export const outboxQueryOptions = queryOptions({
  queryKey: authKeys.outbox(),
  queryFn: ({ signal }) => apiRequest('/api/admin/outbox', (c) => c.ZOutboxResponse, { signal }),
  staleTime: 0,
});

/** The mails the platform wrote (password resets, KYC decisions, payments…) and their delivery state; admins only. */
export function useOutbox() {
  return useQuery(outboxQueryOptions);
}

export function resendOutboxMail(id: string) {
  return apiRequest(`/api/admin/outbox/${encodeURIComponent(id)}/resend`, (c) => c.ZResendOutboxResponse, {
    method: 'POST',
    body: {},
  });
}

/** Sends a failed or sent mail again (back in the queue); the list is read again afterwards. */
export function useResendOutboxMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendOutboxMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.outbox() }),
  });
}
