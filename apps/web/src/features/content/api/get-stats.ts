import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PlatformStats } from '@tradeops/shared';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './keys';

/** GET /api/stats: the landing's figures, computed by the server from the database. */
export function getStats(signal?: AbortSignal): Promise<PlatformStats> {
  return apiRequest('/api/stats', (contracts) => contracts.ZPlatformStats, { signal });
}

export function statsQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.stats(),
    queryFn: ({ signal }) => getStats(signal),
    // Platform-wide totals move slowly; no need to refetch them on every visit.
    staleTime: 5 * 60 * 1000,
  });
}

export function useStats() {
  return useQuery(statsQueryOptions());
}
