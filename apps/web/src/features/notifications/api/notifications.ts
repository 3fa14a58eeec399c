import { NOTIFICATIONS_PAGE_SIZE } from '@tradeops/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './keys';

export const unreadCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: ({ signal }) => apiRequest('/api/notifications/unread-count', (c) => c.ZUnreadCountResponse, { signal }),
  // Live through the stream: no need to ask again on every focus.
  staleTime: 60_000,
});

/** The bell's count (kept fresh by `notification` events). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions, enabled });
}

export const notificationsQueryOptions = (language: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(language),
    queryFn: ({ signal, pageParam }) =>
      apiRequest('/api/notifications', (c) => c.ZListNotificationsResponse, {
        signal,
        query: { limit: NOTIFICATIONS_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

/** The panel's list, newest first, a page at a time, in the page's language. */
export function useNotifications(enabled: boolean) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({ ...notificationsQueryOptions(i18n.language), enabled });
}

function useNotificationMutation<Variables>(request: (variables: Variables) => Promise<{ unreadCount: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (data) => {
      queryClient.setQueryData(notificationKeys.unreadCount(), data);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}

export function useMarkNotificationRead() {
  return useNotificationMutation((id: string) =>
    apiRequest(`/api/notifications/${encodeURIComponent(id)}/read`, (c) => c.ZUnreadCountResponse, {
      method: 'POST',
      body: {},
    }),
  );
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation(() =>
    apiRequest('/api/notifications/read-all', (c) => c.ZUnreadCountResponse, { method: 'POST', body: {} }),
  );
}
