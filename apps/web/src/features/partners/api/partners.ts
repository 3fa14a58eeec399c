import { type PartnerStep, type TradeDocumentKind } from '@tradeops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

const operation = (id: string) => `/api/operations/${encodeURIComponent(id)}`;

/** Query keys of the partner features: every key of one deal starts with ['partners', id]. */
export const partnerKeys = {
  deal: (operationId: string) => ['partners', operationId] as const,
  documents: (operationId: string) => ['partners', operationId, 'documents'] as const,
  assignments: (operationId: string) => ['partners', operationId, 'assignments'] as const,
  detail: (operationId: string, language: string) => ['partners', operationId, 'detail', language] as const,
  list: (page: number, language: string) => ['partners', 'list', page, language] as const,
};

/** GET /api/operations/{id}/documents: the deal's checklist and each document's state. */
export function useTradeDocuments(operationId: string) {
  return useQuery({
    queryKey: partnerKeys.documents(operationId),
    queryFn: ({ signal }) =>
      apiRequest(`${operation(operationId)}/documents`, (c) => c.ZTradeDocumentsResponse, { signal }),
  });
}

export function useUploadTradeDocument(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: TradeDocumentKind; file: File }) => {
      const form = new FormData();
      form.append('document', file, file.name);
      return apiRequest(`${operation(operationId)}/documents/${kind}`, (c) => c.ZOkResponse, {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.documents(operationId) }),
  });
}

export function useRejectTradeDocument(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, reason }: { kind: TradeDocumentKind; reason: string }) =>
      apiRequest(
        `/api/admin/operations/${encodeURIComponent(operationId)}/documents/${kind}/reject`,
        (c) => c.ZOkResponse,
        { method: 'POST', body: { reason } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.documents(operationId) }),
  });
}

/** The admin's view of a deal's partner accounts: assigned ones and those that may be. */
export function useOperationPartners(operationId: string) {
  return useQuery({
    queryKey: partnerKeys.assignments(operationId),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/admin/operations/${encodeURIComponent(operationId)}/partners`,
        (c) => c.ZOperationPartnersResponse,
        { signal },
      ),
  });
}

export function useAssignPartner(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, assign }: { userId: string; assign: boolean }) =>
      assign
        ? apiRequest(
            `/api/admin/operations/${encodeURIComponent(operationId)}/partners`,
            (c) => c.ZOperationPartnersResponse,
            { method: 'POST', body: { userId: userId } },
          )
        : apiRequest(
            `/api/admin/operations/${encodeURIComponent(operationId)}/partners/${encodeURIComponent(userId)}`,
            (c) => c.ZOperationPartnersResponse,
            { method: 'DELETE' },
          ),
    onSuccess: (data) => queryClient.setQueryData(partnerKeys.assignments(operationId), data),
  });
}

/** GET /api/partner/operations: the deals assigned to the caller. */
export function usePartnerOperations(page: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: partnerKeys.list(page, i18n.language),
    queryFn: ({ signal }) =>
      apiRequest('/api/partner/operations', (c) => c.ZPartnerOperationsResponse, { signal, query: { page } }),
  });
}

export function usePartnerOperation(operationId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: partnerKeys.detail(operationId, i18n.language),
    queryFn: ({ signal }) =>
      apiRequest(`/api/partner/operations/${encodeURIComponent(operationId)}`, (c) => c.ZPartnerOperationResponse, {
        signal,
      }),
  });
}

/** POST /api/partner/operations/{id}/milestones/{step}: the form's fields and its document, as multipart. */
export function useRecordPartnerStep(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, form }: { step: PartnerStep; form: FormData }) =>
      apiRequest(
        `/api/partner/operations/${encodeURIComponent(operationId)}/milestones/${step}`,
        (c) => c.ZOkResponse,
        { method: 'POST', body: form },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.deal(operationId) }),
  });
}
