import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Spec §9: data kept 5 minutes, up to 3 retries, exponential backoff capped at 30 s. */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_STALE_TIME_MS = 30 * 1000;
export const MAX_QUERY_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30 * 1000;

/** A 4xx answer will be the same next time (bad input, no session, not found): retrying only delays the message. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** 1 s, 2 s, 4 s … never more than 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

export const defaultQueryOptions: DefaultOptions = {
  queries: {
    gcTime: QUERY_GC_TIME_MS,
    staleTime: QUERY_STALE_TIME_MS,
    retry: shouldRetryQuery,
    retryDelay,
    refetchOnWindowFocus: true,
  },
  // Writes are not idempotent (an order, an upload): never resend one behind the user's back.
  mutations: { retry: false },
};

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...defaultQueryOptions.queries, ...overrides.queries },
      mutations: { ...defaultQueryOptions.mutations, ...overrides.mutations },
    },
  });
}
