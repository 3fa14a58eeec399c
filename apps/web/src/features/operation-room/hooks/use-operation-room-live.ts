import {
  type OperationRoomResponse,
  type LiveEvent,
  ZOperationRoomLive,
  ZOperationRoomMessage,
  applyOperationRoomLive,
} from '@tradeops/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { REALTIME_REFETCH_SPREAD_MS, useRealtimeEvents } from '../../../lib/realtime';
import { addMessageToThread } from '../api/operation-room';
import { operationRoomKeys } from '../api/keys';

/**
 * What one event does to an operation room's cached queries: `patched` when the event carried the change
 * (applied with setQueryData: no request), `refetch` when the page must read again — at once for
 * the viewer's own order (`now`), within REALTIME_REFETCH_SPREAD_MS for a change everyone sees
 * (`spread`).
 */
export function applyOperationRoomEvent(
  queryClient: QueryClient,
  operationId: string,
  event: LiveEvent,
): 'patched' | 'ignored' | { refetch: 'rooms' | 'messages'; when: 'now' | 'spread' } {
  if (event.operationId !== operationId) return 'ignored';
  if (event.kind === 'message') {
    const message = ZOperationRoomMessage.safeParse(event.message);
    if (!message.success) return { refetch: 'messages', when: 'spread' };
    addMessageToThread(queryClient, operationId, message.data);
    return 'patched';
  }
  if (event.kind !== 'operation' && event.kind !== 'order') return 'ignored';
  const live = ZOperationRoomLive.safeParse(event.room);
  // Without the figures: the viewer's own order changed (or the server could not read the room).
  if (!live.success) return { refetch: 'rooms', when: 'now' };
  let needsRefetch = false;
  queryClient.setQueriesData<OperationRoomResponse>({ queryKey: operationRoomKeys.rooms(operationId) }, (room) => {
    if (!room) return room;
    const applied = applyOperationRoomLive(room, live.data);
    needsRefetch ||= applied.needsRefetch;
    return applied.room;
  });
  return needsRefetch ? { refetch: 'rooms', when: 'spread' } : 'patched';
}

/**
 * Keeps an operation room current without reloads: a new message and the room's new figures come with
 * their events and are written into the cache; only the viewer's own order, a change of status or
 * of the timeline reads the room again (spread over REALTIME_REFETCH_SPREAD_MS, coalesced).
 */
export function useOperationRoomLive(operationId: string, enabled = true) {
  const queryClient = useQueryClient();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [operationId]);

  const refetch = (target: 'rooms' | 'messages', when: 'now' | 'spread') => {
    const queryKey =
      target === 'rooms' ? operationRoomKeys.rooms(operationId) : operationRoomKeys.messages(operationId);
    const waiting = timers.current.get(target);
    if (when === 'now') {
      if (waiting) clearTimeout(waiting);
      timers.current.delete(target);
      void queryClient.invalidateQueries({ queryKey });
      return;
    }
    // Coalesced: one refetch already waiting covers this event too.
    if (waiting) return;
    timers.current.set(
      target,
      setTimeout(() => {
        timers.current.delete(target);
        void queryClient.invalidateQueries({ queryKey });
      }, Math.random() * REALTIME_REFETCH_SPREAD_MS),
    );
  };

  useRealtimeEvents(
    (event) => {
      const outcome = applyOperationRoomEvent(queryClient, operationId, event);
      if (typeof outcome === 'object') refetch(outcome.refetch, outcome.when);
    },
    () => {
      refetch('rooms', 'spread');
      refetch('messages', 'spread');
    },
    enabled,
  );
}
