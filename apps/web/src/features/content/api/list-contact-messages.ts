import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './keys';

export const contactMessagesQueryOptions = queryOptions({
  queryKey: contentKeys.contactMessages(),
  queryFn: ({ signal }) => apiRequest('/api/admin/contact-messages', (c) => c.ZContactMessagesResponse, { signal }),
  staleTime: 0,
});

/** Messages sent through the contact form, newest first; admins only. */
export function useContactMessages() {
  return useQuery(contactMessagesQueryOptions);
}
