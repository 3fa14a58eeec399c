import { z } from 'zod';

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;

/** GET /api/notifications: newest first; `before` is the cursor (the last item's id) of the next page. */
export const ZListNotificationsRequest = z.object({
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, 'validation.invalid')
    .default(NOTIFICATIONS_PAGE_SIZE),
  before: z.uuid('validation.invalid').optional(),
});
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
  operation_id: z.uuid().nullable(),
  read_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof ZNotification>;

export const ZListNotificationsResponse = z.object({
  data: z.array(ZNotification),
  unread_count: z.number().int(),
  /** Cursor of the next (older) page, null at the end. */
  next_before: z.uuid().nullable(),
});
export type ListNotificationsResponse = z.infer<typeof ZListNotificationsResponse>;

export const ZUnreadCountResponse = z.object({ unread_count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof ZUnreadCountResponse>;

export const ZNotificationIdParams = z.object({ id: z.uuid('validation.invalid') });
