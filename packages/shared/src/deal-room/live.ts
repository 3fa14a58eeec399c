import { z } from 'zod';
import { type Page } from '../paging/page';
import { ZRealtimeEvent } from '../realtime/events';
import {
  type DealRoomMessage,
  type DealRoomResponse,
  MESSAGES_PAGE_SIZE,
  ZDealRoomMessage,
  ZDealRoomResponse,
} from './schemas';

/**
 * What every viewer of a deal room sees alike, sent with an `operation` or `order` event to
 * the streams that may see the room: read once per event per instance, so an order on a deal with a
 * thousand open rooms costs the database one read instead of a thousand refetches. What differs per
 * viewer (their order, their share of what is unpaid, the dispute window) only changes with their
 * own events, which refetch.
 */
export const ZDealRoomLive = z.object({
  operation: ZDealRoomResponse.shape.operation.pick({
    status: true,
    total_tons: true,
    allocated_tons: true,
    available_tons: true,
    participants: true,
  }),
  milestones: ZDealRoomResponse.shape.milestones,
  outstanding: ZDealRoomResponse.shape.outstanding.omit({ mine: true }),
});
export type DealRoomLive = z.infer<typeof ZDealRoomLive>;

/**
 * An event as a stream sends it: the ids of what changed and, for deal rooms, the change itself —
 * `message` (a new message, worded for this viewer) and `room` (the room's shared figures).
 */
export const ZLiveEvent = ZRealtimeEvent.extend({
  message: ZDealRoomMessage.optional(),
  room: ZDealRoomLive.optional(),
});
export type LiveEvent = z.infer<typeof ZLiveEvent>;

/**
 * A deal room with an event's shared figures applied. `needsRefetch`: something the event does
 * not carry may have moved too (the status or the timeline changed: the dispute window follows
 * them), so the page reads the room again.
 */
export function applyDealRoomLive(
  room: DealRoomResponse,
  live: DealRoomLive,
): { room: DealRoomResponse; needsRefetch: boolean } {
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
export function appendDealRoomMessage(thread: DealRoomMessage[], message: DealRoomMessage): DealRoomMessage[] {
  if (thread.some((known) => known.id === message.id)) return thread;
  return [...thread, message].slice(-MESSAGES_PAGE_SIZE);
}

/** Whether message `a` comes after `b` in a thread: later, or in the same instant with a greater id (the API's order). */
function isLater(a: DealRoomMessage, b: DealRoomMessage): boolean {
  const [at, bt] = [Date.parse(a.created_at), Date.parse(b.created_at)];
  return at !== bt ? at > bt : a.id > b.id;
}

/**
 * The pages of a thread as the API sends them (newest first, earlier messages on the next pages) with a
 * new message in place on the first page and counted in every page's total: once, however often it
 * is heard. The pages' cursors stay as they were (each points below its last message), so loading
 * earlier messages afterwards neither skips nor repeats one.
 */
export function addDealRoomMessage(pages: Page<DealRoomMessage>[], message: DealRoomMessage): Page<DealRoomMessage>[] {
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
