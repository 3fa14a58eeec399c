/** The notifications' query keys; `all` is what a live notification refreshes. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  /** The list in every language (what a change makes stale). */
  lists: () => [...notificationKeys.all, 'list'] as const,
  /** The list in one language: the server words operation titles for the viewer. */
  list: (language: string) => [...notificationKeys.lists(), language] as const,
};
