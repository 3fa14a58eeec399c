import { z } from 'zod';
import { type Page } from '../paging/page';
import { ZRealtimeEvent } from '../realtime/events';
import {
  type OperationRoomMessage,
  type OperationRoomResponse,
  MESSAGES_PAGE_SIZE,
  ZOperationRoomMessage,
  ZOperationRoomResponse,
} from './schemas';

/**
 * What every viewer of an operation room sees alike, sent with an `operation` or `order` event to
 * the streams that may see the room: read once per event per instance, so an order on a deal with a
 * thousand open rooms costs the database one read instead of a thousand refetches. What differs per
 * viewer (their order, their share of what is unpaid, the dispute window) only changes with their
 * own events, which refetch.
 */
export const ZOperationRoomLive = z.object({
  operation: ZOperationRoomResponse.shape.operation.pick({
    status: true,
    totalTons: true,
    allocatedTons: true,
    availableTons: true,
    participants: true,
  }),
  milestones: ZOperationRoomResponse.shape.milestones,
  outstanding: ZOperationRoomResponse.shape.outstanding.omit({ mine: true }),
});
export type OperationRoomLive = z.infer<typeof ZOperationRoomLive>;

/**
 * An event as a stream sends it: the ids of what changed and, for operation rooms, the change itself —
 * `message` (a new message, worded for this viewer) and `room` (the room's shared figures).
 */
export const ZLiveEvent = ZRealtimeEvent.extend({
  message: ZOperationRoomMessage.optional(),
  room: ZOperationRoomLive.optional(),
});
export type LiveEvent = z.infer<typeof ZLiveEvent>;

/**
 * An operation room with an event's shared figures applied. `needsRefetch`: something the event does
 * not carry may have moved too (the status or the timeline changed: the dispute window follows
 * them), so the page reads the room again.
 */
export function applyOperationRoomLive(
  room: OperationRoomResponse,
  live: OperationRoomLive,
): { room: OperationRoomResponse; needsRefetch: boolean } {
  const needsRefetch =
    live.operation.status !== room.operation.status || live.milestones.length !== room.milestones.length;
  return {
    room: {
      ...room,
      operation: { ...room.operation, ...live.operation },
      milestones: live.milestones,
      outstanding: { ...live.outstanding, mine: room.outstanding.mine },
    },
    needsRefetch,
  };
}

/** A thread read oldest first with a new message at its end (once, however often it is heard), the latest MESSAGES_PAGE_SIZE kept. */
export function appendOperationRoomMessage(
  thread: OperationRoomMessage[],
  message: OperationRoomMessage,
): OperationRoomMessage[] {
  if (thread.some((known) => known.id === message.id)) return thread;
  return [...thread, message].slice(-MESSAGES_PAGE_SIZE);
}

/** Whether message `a` comes after `b` in a thread: later, or in the same instant with a greater id (the API's order). */
function isLater(a: OperationRoomMessage, b: OperationRoomMessage): boolean {
  const [at, bt] = [Date.parse(a.createdAt), Date.parse(b.createdAt)];
  return at !== bt ? at > bt : a.id > b.id;
}

/**
 * The pages of a thread as the API sends them (newest first, earlier messages on the next pages) with a
 * new message in place on the first page and counted in every page's total: once, however often it
 * is heard. The pages' cursors stay as they were (each points below its last message), so loading
 * earlier messages afterwards neither skips nor repeats one.
 */
export function addOperationRoomMessage(
  pages: Page<OperationRoomMessage>[],
  message: OperationRoomMessage,
): Page<OperationRoomMessage>[] {
  const [first] = pages;
  if (!first || pages.some((page) => page.items.some((known) => known.id === message.id))) return pages;
  const at = first.items.findIndex((known) => isLater(message, known));
  // Earlier than every message read so far: its place is on a page not read yet, unless the thread is all here.
  const isAllRead = pages.length === 1 && first.nextCursor === null;
  const items =
    at >= 0
      ? [...first.items.slice(0, at), message, ...first.items.slice(at)]
      : isAllRead
        ? [...first.items, message]
        : first.items;
  return pages.map((page, index) => ({ ...page, items: index === 0 ? items : page.items, total: page.total + 1 }));
}
