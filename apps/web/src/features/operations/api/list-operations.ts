import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPERATIONS_LIST_LIMIT, type ListOperationsResponse, type OperationListFilter } from '@tradeops/shared';
import { apiRequest } from '../../../lib/api-client';

export interface ListOperationsParams {
  status?: OperationListFilter;
  /** Case-insensitive search on the product name. */
  q?: string;
  limit?: number;
}

function normalize(params: ListOperationsParams): Required<Omit<ListOperationsParams, 'q'>> & { q: string } {
  return {
    status: params.status ?? 'all',
    q: params.q?.trim() ?? '',
    limit: Math.min(params.limit ?? OPERATIONS_LIST_LIMIT, OPERATIONS_LIST_LIMIT),
  };
}

/** GET /api/operations: newest first (spec §7). */
export function listOperations(
  params: ListOperationsParams = {},
  signal?: AbortSignal,
): Promise<ListOperationsResponse> {
  const { status, q, limit } = normalize(params);
  return apiRequest('/api/operations', (contracts) => contracts.ZListOperationsResponse, {
    query: { status, q, limit },
    signal,
  });
}

export const operationsQueryKeys = {
  all: ['operations'] as const,
  lists: () => [...operationsQueryKeys.all, 'list'] as const,
  list: (params: ListOperationsParams) => [...operationsQueryKeys.lists(), normalize(params)] as const,
};

export function listOperationsQueryOptions(params: ListOperationsParams = {}) {
  return queryOptions({
    queryKey: operationsQueryKeys.list(params),
    queryFn: ({ signal }) => listOperations(params, signal),
  });
}

export function useOperations(params: ListOperationsParams = {}) {
  return useQuery(listOperationsQueryOptions(params));
}
