import { z } from 'zod';
import { ZPageQuery, zPage } from '../paging/page';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * GET /api/notifications: newest first, a page at a time with the shared cursor (`?cursor=&limit=`,
 * ZPageQuery; the bell asks NOTIFICATIONS_PAGE_SIZE at a time).
 */
export const ZListNotificationsRequest = ZPageQuery;
export type ListNotificationsRequest = z.input<typeof ZListNotificationsRequest>;

/**
 * One in-app notification. `type` is `<domain>.<event>`; the text is the catalog's
 * `notifications.types.<type>` rendered with `data` (ids, titles, figures).
 */
export const ZNotification = z.object({
  id: z.uuid(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** The deal it is about, when there is one (the bell links to it). */
  operationId: z.uuid().nullable(),
  readAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof ZNotification>;

/** A page of notifications (`total`: all the user's) and how many of them are unread. */
export const ZListNotificationsResponse = zPage(ZNotification).extend({ unreadCount: z.number().int() });
export type ListNotificationsResponse = z.infer<typeof ZListNotificationsResponse>;

export const ZUnreadCountResponse = z.object({ unreadCount: z.number().int() });
export type UnreadCountResponse = z.infer<typeof ZUnreadCountResponse>;

export const ZNotificationIdParams = z.object({ id: z.uuid('validation.invalid') });
