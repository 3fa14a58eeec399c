import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type OperationDetail } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { operationKeys } from './keys';

/** GET /api/operations/{id}: the detail (signed in); the server counts the view. */
export function getOperationDetail(id: string, signal?: AbortSignal): Promise<OperationDetail> {
  return apiRequest(`/api/operations/${encodeURIComponent(id)}`, (contracts) => contracts.ZOperationDetail, {
    signal,
  });
}

export function operationDetailQueryOptions(id: string, language: string) {
  return queryOptions({
    queryKey: operationKeys.detail(id, language),
    queryFn: ({ signal }) => getOperationDetail(id, signal),
    // A view is counted per visit, not per window focus.
    refetchOnWindowFocus: false,
  });
}

export function useOperationDetail(id: string | undefined, enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({ ...operationDetailQueryOptions(id ?? '', i18n.language), enabled: enabled && !!id });
}

/** PUT (watch) or DELETE (stop watching) /api/operations/{id}/watch. */
export function useWatchOperation(id: string) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (watch: boolean) =>
      apiRequest(`/api/operations/${encodeURIComponent(id)}/watch`, (contracts) => contracts.ZWatchResponse, {
        method: watch ? 'PUT' : 'DELETE',
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData<OperationDetail>(operationKeys.detail(id, i18n.language), (current) =>
        current
          ? { ...current, isWatching: answer.isWatching, stats: { ...current.stats, watchers: answer.watchers } }
          : current,
      );
    },
  });
}

/** Fetches the spec sheet through the authorised route and saves it under its name. */
export async function downloadSpecSheet(id: string, fallbackName: string): Promise<void> {
  const response = await fetch(`/api/operations/${encodeURIComponent(id)}/spec`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`spec download failed: ${response.status}`);
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
