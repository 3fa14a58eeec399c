import { type OperationRoomMessage, type OperationRoomRole, type Page, type PageQuery } from '@tradeops/shared';
import { and, count, eq, inArray, or } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { messages, operationAssignees, orders, operations, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { RATE_LIMITS, type RateLimits } from '../../plugins/rate-limit';

/** Posting in an operation room: enough for a conversation, not for a flood. */

export type Viewer = Pick<AuthContext, 'isAdmin'> & { user: { id: string } };

/**
 * An order that gives its buyer the operation room: live (it holds tons), or paid (its payment was
 * confirmed, so the buyer's money is or was in this deal's escrow — they keep following it
 * through settlement or refund). An unpaid order that ended (cancelled, expired) gives nothing:
 * ordering and cancelling at once must not buy a lasting seat in the room.
 */
const givesOperationRoomAccess = or(eq(orders.status, 'active'), eq(orders.paymentStatus, 'confirmed'));

/**
 * Who may see an operation room (its figures, timeline, documents and messages): a buyer with a live
 * or paid order in it, the operation's seller, its assigned partners and admins. null: none of them.
 */
export async function getOperationRoomRole(
  db: Queryable,
  viewer: Viewer,
  operation: { id: string; sellerId: string },
): Promise<OperationRoomRole | null> {
  if (viewer.isAdmin) return 'admin';
  if (operation.sellerId === viewer.user.id) return 'seller';
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.operationId, operation.id), eq(orders.userId, viewer.user.id), givesOperationRoomAccess))
    .limit(1);
  if (row) return 'participant';
  // A logistics partner or inspector an admin assigned to the deal.
  const [assigned] = await db
    .select({ userId: operationAssignees.userId })
    .from(operationAssignees)
    .where(and(eq(operationAssignees.operationId, operation.id), eq(operationAssignees.userId, viewer.user.id)))
    .limit(1);
  return assigned ? 'partner' : null;
}

/**
 * The operation when the viewer may see its operation room: 404 when it does not exist (or is not
 * published, for anyone but its seller and admins), 403 when the room is not theirs. An
 * approved operation is no secret (every signed-in user reads its detail), so 403 leaks nothing.
 */
export async function loadOperationRoomOperation(db: Queryable, viewer: Viewer, operationId: string) {
  const [operation] = await db.select().from(operations).where(eq(operations.id, operationId)).limit(1);
  if (!operation) throw new AppError('OPERATION_NOT_FOUND');
  const role = await getOperationRoomRole(db, viewer, operation);
  if (!role) throw new AppError(operation.reviewStatus === 'approved' ? 'FORBIDDEN' : 'OPERATION_NOT_FOUND');
  return { operation, role };
}

/** Whether the viewer may see the operation room of this operation (false also when it does not exist). */
export async function canSeeOperationRoom(db: Queryable, viewer: Viewer, operationId: string): Promise<boolean> {
  const [operation] = await db
    .select({ id: operations.id, sellerId: operations.sellerId })
    .from(operations)
    .where(eq(operations.id, operationId))
    .limit(1);
  return operation ? (await getOperationRoomRole(db, viewer, operation)) !== null : false;
}

/**
 * The waiting page's toggle (spec §7: UPDATE order notifications_enabled):
 * applies to every order of the caller in this operation; only buyers who may see the room
 * and have an order there have it.
 */
export async function setOperationRoomNotifications(
  db: AppDatabase,
  viewer: Viewer,
  operationId: string,
  enabled: boolean,
): Promise<{ notificationsEnabled: boolean }> {
  await loadOperationRoomOperation(db, viewer, operationId);
  const updated = await db
    .update(orders)
    .set({ notificationsEnabled: enabled })
    .where(and(eq(orders.operationId, operationId), eq(orders.userId, viewer.user.id)))
    .returning({ id: orders.id });
  if (updated.length === 0) throw new AppError('FORBIDDEN');
  return { notificationsEnabled: enabled };
}

export function toMessage(
  row: {
    id: string;
    body: string;
    isFromPlatform: boolean;
    authorId: string | null;
    authorName: string | null;
    createdAt: Date;
  },
  sellerId: string,
  viewerId: string,
): OperationRoomMessage {
  const authorRole = row.isFromPlatform ? 'platform' : row.authorId === sellerId ? 'seller' : 'participant';
  return {
    id: row.id,
    body: row.body,
    isFromPlatform: row.isFromPlatform,
    authorRole,
    authorName: authorRole === 'platform' ? null : row.authorName,
    isMine: row.authorId === viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}

const messageColumns = {
  id: messages.id,
  body: messages.body,
  isFromPlatform: messages.isFromPlatform,
  authorId: messages.authorId,
  authorName: profiles.fullName,
  createdAt: messages.createdAt,
};

const MESSAGES_KEYSET: Keyset = { at: messages.createdAt, id: messages.id, order: 'desc', idIsUuid: true };

/**
 * A page of the thread, newest first (the next page holds earlier messages), with how many it holds:
 * both read from messages_operation_idx (operation_id, created_at, id).
 */
export async function listOperationRoomMessages(
  db: AppDatabase,
  viewer: Viewer,
  operationId: string,
  page: PageQuery,
): Promise<Page<OperationRoomMessage>> {
  const { operation } = await loadOperationRoomOperation(db, viewer, operationId);
  const [rows, [all]] = await Promise.all([
    db
      .select({ ...messageColumns, cursorAt: cursorAtOf(MESSAGES_KEYSET) })
      .from(messages)
      .leftJoin(profiles, eq(profiles.id, messages.authorId))
      .where(and(eq(messages.operationId, operationId), afterCursor(MESSAGES_KEYSET, page.cursor)))
      .orderBy(...keysetOrder(MESSAGES_KEYSET))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(messages).where(eq(messages.operationId, operationId)),
  ]);
  return toPage(
    rows,
    page,
    (row) => ({ at: row.cursorAt, id: row.id }),
    all?.n ?? 0,
    (kept) => kept.map((row) => toMessage(row, operation.sellerId, viewer.user.id)),
  );
}

/**
 * Posts in the thread (admins speak for the platform); the NOTIFY trigger tells the live pages.
 * The author's message budget is taken before the insert, in one atomic statement, so a burst
 * of parallel posts stops exactly at the limit.
 */
export async function postOperationRoomMessage(
  db: AppDatabase,
  rateLimits: RateLimits,
  viewer: Viewer,
  operationId: string,
  body: string,
): Promise<OperationRoomMessage> {
  const { operation } = await loadOperationRoomOperation(db, viewer, operationId);
  await rateLimits.consume([RATE_LIMITS.operationRoomMessage, viewer.user.id]);
  const [row] = await db
    .insert(messages)
    .values({ operationId, authorId: viewer.user.id, isFromPlatform: viewer.isAdmin, body })
    .returning();
  const [author] = await db
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, viewer.user.id))
    .limit(1);
  return toMessage({ ...row!, authorName: author?.fullName ?? null }, operation.sellerId, viewer.user.id);
}

/**
 * Of `userIds`, those who may see the operation room of `operationId` as buyers (a live or paid order
 * there): one read per event for all the streams of an instance, instead of one per stream.
 * The seller and admins are known without it.
 */
export async function operationRoomBuyersAmong(
  db: Queryable,
  operationId: string,
  userIds: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = await db
      .selectDistinct({ userId: orders.userId })
      .from(orders)
      .where(
        and(
          eq(orders.operationId, operationId),
          inArray(orders.userId, userIds.slice(start, start + 500)),
          givesOperationRoomAccess,
        ),
      );
    for (const row of rows) found.add(row.userId);
  }
  return found;
}

/** A message as the live pages show it (worded per viewer with `toMessage`), with the deal's seller. */
export async function getLiveMessage(db: Queryable, messageId: string) {
  const [row] = await db
    .select({ ...messageColumns, sellerId: operations.sellerId })
    .from(messages)
    .innerJoin(operations, eq(operations.id, messages.operationId))
    .leftJoin(profiles, eq(profiles.id, messages.authorId))
    .where(eq(messages.id, messageId))
    .limit(1);
  return row ?? null;
}
