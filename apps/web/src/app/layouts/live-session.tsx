import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  type RealtimeBinding,
  onRealtimeSessionEnded,
  restartRealtime,
  useRealtimeInvalidation,
} from '../../lib/realtime';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { kycKeys } from '../../features/kyc/api/keys';

/** A KYC decision or a role change reaches the cached session (and so the guards) without a reload. */
const SESSION_BINDINGS: readonly RealtimeBinding[] = [
  { kinds: ['profile'], queryKey: SESSION_QUERY_KEY },
  { kinds: ['profile'], queryKey: kycKeys.all },
];

/** Keeps the tab's live stream tied to the signed-in user; renders nothing. */
export function LiveSession({ userId }: { userId: string }) {
  useRealtimeInvalidation(SESSION_BINDINGS);
  const queryClient = useQueryClient();
  // The server closed the stream because this session ended (signed out elsewhere, a password change):
  // ask who is signed in now, so the guards and the navbar follow.
  useEffect(
    () => onRealtimeSessionEnded(() => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })),
    [queryClient],
  );
  const previous = useRef(userId);
  useEffect(() => {
    // Another account in this tab: the open stream carried the previous user's events.
    if (previous.current !== userId) restartRealtime();
    previous.current = userId;
  }, [userId]);
  return null;
}
