import { type Language, type ListNotificationsResponse, type Notification, operationTitleFor } from '@tradeops/shared';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { notifications, operations } from '../../db/schema';
import { AppError } from '../../errors';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type NotificationRow = typeof notifications.$inferSelect;

function operationIdOf(row: NotificationRow): string | null {
  const operationId = row.data.operationId;
  return typeof operationId === 'string' && UUID_PATTERN.test(operationId) ? operationId : null;
}

/**
 * The operations' titles in the viewer's language: a notification keeps the title it was written
 * with (the recipient's language then), and is read in the language the viewer uses now.
 */
async function titlesIn(db: AppDatabase, rows: NotificationRow[], language: Language): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      rows.filter((row) => typeof row.data.operationTitle === 'string').flatMap((row) => operationIdOf(row) ?? []),
    ),
  ];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: operations.id, title: operations.title, titleEn: operations.titleEn })
    .from(operations)
    .where(inArray(operations.id, ids));
  return new Map(found.map((operation) => [operation.id, operationTitleFor(operation, language)]));
}

function toNotification(row: NotificationRow, titles: Map<string, string>): Notification {
  const operationId = operationIdOf(row);
  const title = operationId ? titles.get(operationId) : undefined;
  return {
    id: row.id,
    type: row.type,
    data: title ? { ...row.data, operationTitle: title } : row.data,
    operation_id: operationId,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function countUnreadNotifications(db: AppDatabase, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** The user's notifications, newest first, a page at a time (cursor: the last id seen), worded for `language`. */
export async function listNotifications(
  db: AppDatabase,
  userId: string,
  page: { limit: number; before?: string },
  language: Language,
): Promise<ListNotificationsResponse> {
  let cursor = sql`true`;
  if (page.before) {
    const [anchor] = await db
      .select({ createdAt: notifications.createdAt, id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, page.before), eq(notifications.userId, userId)))
      .limit(1);
    if (!anchor) throw new AppError('NOT_FOUND');
    cursor = or(
      lt(notifications.createdAt, anchor.createdAt),
      and(eq(notifications.createdAt, anchor.createdAt), lt(notifications.id, anchor.id)),
    )!;
  }
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), cursor))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  const titles = await titlesIn(db, pageRows, language);
  const items = pageRows.map((row) => toNotification(row, titles));
  return {
    data: items,
    unread_count: await countUnreadNotifications(db, userId),
    next_before: hasMore ? (items.at(-1)?.id ?? null) : null,
  };
}

/** Marks one of the user's notifications read (again: no change); another user's is not found. */
export async function markNotificationRead(db: AppDatabase, userId: string, id: string): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw new AppError('NOT_FOUND');
}

export async function markAllNotificationsRead(db: AppDatabase, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
