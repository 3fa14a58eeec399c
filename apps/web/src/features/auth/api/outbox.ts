import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

export const outboxQueryOptions = queryOptions({
  queryKey: authKeys.outbox(),
  queryFn: ({ signal }) => apiRequest('/api/admin/outbox', (c) => c.ZOutboxResponse, { signal }),
  staleTime: 0,
});

/** The mails the platform wrote (password resets, KYC decisions), newest first; admins only. */
export function useOutbox() {
  return useQuery(outboxQueryOptions);
}
