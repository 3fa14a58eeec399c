import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_LIST_PAGE_SIZE, usePagedList } from '../../../lib/paged-query';
import { authKeys } from './keys';

/** The mails the platform wrote (password resets, KYC decisions, payments…) and their delivery state, newest first, a page at a time; admins only. */
export function useOutbox() {
  return usePagedList({
    queryKey: authKeys.outbox(),
    path: '/api/admin/outbox',
    schema: (c) => c.ZOutboxResponse,
    limit: ADMIN_LIST_PAGE_SIZE,
  });
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
