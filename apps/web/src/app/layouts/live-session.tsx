import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import {
  type RealtimeBinding,
  onRealtimeSessionEnded,
  restartRealtime,
  useRealtimeEvents,
  useRealtimeInvalidation,
} from '../../lib/realtime';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { kycKeys } from '../../features/kyc/api/keys';

/** A KYC decision reaches the cached KYC screens without a reload (the session follows below). */
const KYC_BINDINGS: readonly RealtimeBinding[] = [{ kinds: ['profile'], queryKey: kycKeys.all }];

/**
 * Resolves once this tab has no request of its own in flight. Turning two-step verification on or
 * off, or changing the password, replaces the session: the server deletes the old one (the stream
 * says so at once) before the answer carrying the new cookie reaches the browser. Asking who is
 * signed in before that answer would read the replaced cookie and sign the tab out.
 */
export function afterOwnRequests(queryClient: QueryClient): Promise<void> {
  if (queryClient.isMutating() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      if (queryClient.isMutating() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Keeps the tab's live stream tied to the signed-in user; renders nothing. */
export function LiveSession({ userId }: { userId: string }) {
  useRealtimeInvalidation(KYC_BINDINGS);
  const queryClient = useQueryClient();
  // Who is signed in now, once the tab's own requests have their answers: after a KYC decision or a
  // role change (a profile event), or when the server closed the stream because this session ended
  // (signed out elsewhere, a password change), so the guards and the navbar follow.
  const rereadSession = useCallback(
    () => void afterOwnRequests(queryClient).then(() => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })),
    [queryClient],
  );
  useRealtimeEvents((event) => {
    if (event.kind === 'profile') rereadSession();
  }, rereadSession);
  useEffect(() => onRealtimeSessionEnded(rereadSession), [rereadSession]);
  const previous = useRef(userId);
  useEffect(() => {
    // Another account in this tab: the open stream carried the previous user's events.
    if (previous.current !== userId) restartRealtime();
    previous.current = userId;
  }, [userId]);
  return null;
}
