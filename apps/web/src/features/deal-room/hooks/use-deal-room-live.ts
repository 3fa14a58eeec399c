import { useMemo } from 'react';
import { type RealtimeBinding, useRealtimeInvalidation } from '../../../lib/realtime';
import { dealRoomKeys } from '../api/keys';

/**
 * Keeps a deal room current without reloads: its figures and timeline on
 * operation and participation events, its thread on message events.
 */
export function useDealRoomLive(operationId: string, enabled = true) {
  const bindings = useMemo<RealtimeBinding[]>(
    () => [
      { kinds: ['operation', 'participation'], operationId, queryKey: dealRoomKeys.rooms(operationId) },
      { kinds: ['message'], operationId, queryKey: dealRoomKeys.messages(operationId) },
    ],
    [operationId],
  );
  useRealtimeInvalidation(bindings, enabled);
}
