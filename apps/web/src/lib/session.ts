import { type SessionResponse, type SessionUser } from '@tradeops/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export type { SessionUser };

export interface Session {
  user: SessionUser | null;
  isLoading: boolean;
}

export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * The session is asked once when the app loads (spec §2) and then only when
 * something changes it: sign-in, sign-up, sign-out and mode choices write the
 * answer into the cache (`setSessionUser`) instead of asking again.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest('/api/session', (c) => c.ZSessionResponse, { signal }),
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});

/** The one place the UI asks "is someone signed in?" (navbar, guards, teasers). */
export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  return { user: query.data?.user ?? null, isLoading: query.isPending };
}

/** Writes the signed-in user (or null after sign-out) into the session cache. */
export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData<SessionResponse>(SESSION_QUERY_KEY, { user });
}
