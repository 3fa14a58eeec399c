import { ADMIN_LIST_PAGE_SIZE, usePagedList } from '../../../lib/paged-query';
import { contentKeys } from './keys';

/** Messages sent through the contact form, newest first, a page at a time; admins only. */
export function useContactMessages() {
  return usePagedList({
    queryKey: contentKeys.contactMessages(),
    path: '/api/admin/contact-messages',
    schema: (c) => c.ZContactMessagesResponse,
    limit: ADMIN_LIST_PAGE_SIZE,
  });
}
