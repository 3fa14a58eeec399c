import { type Notification } from '@tradeops/shared';

export interface NotificationGroup {
  /** The deal the notifications are about, or null for a notification of its own (KYC, account). */
  operationId: string | null;
  /** Newest first: the first one is the group's headline. */
  items: Notification[];
  unreadIds: string[];
}

/**
 * One entry per deal: a deal's dozen notifications (ordered, paid, filled, shipped…) would bury
 * everything else, so they stand together under the latest, newest group first, each with its
 * unread ones. Notifications about no deal stay one entry each. `items` come newest first.
 */
export function groupNotifications(items: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const byOperation = new Map<string, NotificationGroup>();
  for (const item of items) {
    let group = item.operationId ? byOperation.get(item.operationId) : undefined;
    if (!group) {
      group = { operationId: item.operationId, items: [], unreadIds: [] };
      groups.push(group);
      if (item.operationId) byOperation.set(item.operationId, group);
    }
    group.items.push(item);
    if (item.readAt === null) group.unreadIds.push(item.id);
  }
  return groups;
}
