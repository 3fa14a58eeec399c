import { z } from 'zod';
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

/** The thread with a new message at its end (once, however often it is heard), the latest MESSAGES_PAGE_SIZE kept. */
export function appendDealRoomMessage(thread: DealRoomMessage[], message: DealRoomMessage): DealRoomMessage[] {
  if (thread.some((known) => known.id === message.id)) return thread;
  return [...thread, message].slice(-MESSAGES_PAGE_SIZE);
}
