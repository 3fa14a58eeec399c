import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OperationListItem } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { operationKeys } from './keys';

/** GET /api/operations/{id}/summary: an approved operation's public facts, for a visitor. */
export function getOperationSummary(id: string, signal?: AbortSignal): Promise<OperationListItem> {
  return apiRequest(`/api/operations/${encodeURIComponent(id)}/summary`, (contracts) => contracts.ZOperationListItem, {
    signal,
  });
}

export function operationSummaryQueryOptions(id: string, language: string) {
  return queryOptions({
    queryKey: operationKeys.summary(id, language),
    queryFn: ({ signal }) => getOperationSummary(id, signal),
  });
}

export function useOperationSummary(id: string | undefined, enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({ ...operationSummaryQueryOptions(id ?? '', i18n.language), enabled: enabled && !!id });
}
