import {
  type Language,
  type ListNotificationsResponse,
  type Notification,
  type PageQuery,
  operationTitleFor,
} from '@tradeops/shared';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
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
    operationId,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function countUnreadNotifications(db: AppDatabase, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

const NOTIFICATIONS_KEYSET: Keyset = {
  at: notifications.createdAt,
  id: notifications.id,
  order: 'desc',
  idIsUuid: true,
};

/** The user's notifications, newest first, a page at a time (the shared keyset cursor), worded for `language`. */
export async function listNotifications(
  db: AppDatabase,
  userId: string,
  page: PageQuery,
  language: Language,
): Promise<ListNotificationsResponse> {
  const [rows, [all], unread] = await Promise.all([
    db
      .select({ cursorAt: cursorAtOf(NOTIFICATIONS_KEYSET), row: notifications })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), afterCursor(NOTIFICATIONS_KEYSET, page.cursor)))
      .orderBy(...keysetOrder(NOTIFICATIONS_KEYSET))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    countUnreadNotifications(db, userId),
  ]);
  const kept = rows.slice(0, page.limit).map(({ row }) => row);
  const titles = await titlesIn(db, kept, language);
  const listed = toPage(
    rows,
    page,
    ({ cursorAt, row }) => ({ at: cursorAt, id: row.id }),
    all?.n ?? 0,
    () => kept.map((row) => toNotification(row, titles)),
  );
  return { ...listed, unreadCount: unread };
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
