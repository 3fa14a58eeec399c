import {
  type CaseDecisionRequest,
  type ComplianceCaseStatus,
  type ComplianceSettings,
  type SanctionsSource,
} from '@tradeops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-query';

export const complianceKeys = {
  all: ['compliance'] as const,
  lists: () => [...complianceKeys.all, 'lists'] as const,
  cases: (status: ComplianceCaseStatus | 'all') => [...complianceKeys.all, 'cases', status] as const,
  case: (id: string) => [...complianceKeys.all, 'case', id] as const,
  settings: () => [...complianceKeys.all, 'settings'] as const,
};

/** The list versions and the latest re-screenings; read again every few seconds while one is loading or running. */
export function useSanctionsLists() {
  return useQuery({
    queryKey: complianceKeys.lists(),
    queryFn: ({ signal }) => apiRequest('/api/admin/compliance/lists', (c) => c.ZSanctionsListsResponse, { signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      const isBusy =
        data?.lists.some((list) => list.status === 'loading') ||
        data?.rescreens.some((run) => run.status === 'queued' || run.status === 'running');
      return isBusy ? 2000 : false;
    },
  });
}

export function useUploadSanctionsList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, files }: { source: SanctionsSource; files: Record<string, File> }) => {
      const form = new FormData();
      form.append('source', source);
      for (const [role, file] of Object.entries(files)) form.append(role, file);
      return apiRequest('/api/admin/compliance/lists', (c) => c.ZSanctionsListUploadResponse, {
        method: 'POST',
        body: form,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.lists() }),
  });
}

export function useRescreenAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/admin/compliance/rescreen', (c) => c.ZRescreenRun, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.lists() }),
  });
}

/** GET /api/admin/compliance/cases: one status a page at a time (open ones oldest first), with the counts per status. */
export function useComplianceCases(status: ComplianceCaseStatus | 'all') {
  return usePagedList({
    queryKey: complianceKeys.cases(status),
    path: `/api/admin/compliance/cases?status=${status}`,
    schema: (c) => c.ZComplianceCasesResponse,
  });
}

export function useComplianceCase(caseId: string) {
  return useQuery({
    queryKey: complianceKeys.case(caseId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/compliance/cases/${encodeURIComponent(caseId)}`, (c) => c.ZComplianceCaseDetailResponse, {
        signal,
      }),
  });
}

export function useDecideCase(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseDecisionRequest) =>
      apiRequest(
        `/api/admin/compliance/cases/${encodeURIComponent(caseId)}/decision`,
        (c) => c.ZComplianceCaseDetailResponse,
        { method: 'POST', body },
      ),
    onSuccess: (data) => queryClient.setQueryData(complianceKeys.case(caseId), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...complianceKeys.all, 'cases'] }),
  });
}

export function useComplianceSettings() {
  return useQuery({
    queryKey: complianceKeys.settings(),
    queryFn: ({ signal }) => apiRequest('/api/admin/compliance/settings', (c) => c.ZComplianceSettings, { signal }),
  });
}

export function useSaveComplianceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplianceSettings) =>
      apiRequest('/api/admin/compliance/settings', (c) => c.ZComplianceSettings, { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(complianceKeys.settings(), data),
  });
}
