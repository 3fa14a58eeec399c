import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPERATIONS_LIST_LIMIT, type ListOperationsResponse, type OperationListFilter } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { operationKeys } from './keys';

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

export function listOperationsQueryOptions(params: ListOperationsParams = {}, language = '') {
  return queryOptions({
    // Titles come in the reader's language.
    queryKey: operationKeys.list(normalize(params), language),
    queryFn: ({ signal }) => listOperations(params, signal),
  });
}

export function useOperations(params: ListOperationsParams = {}) {
  const { i18n } = useTranslation();
  return useQuery(listOperationsQueryOptions(params, i18n.language));
}
