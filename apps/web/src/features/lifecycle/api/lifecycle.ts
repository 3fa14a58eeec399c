import {
  type DisputeDecisionRequest,
  type LifecycleStep,
  type PayoutPreviewRequest,
  type RecordMilestoneFields,
} from '@tradeops/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_LIST_PAGE_SIZE, usePagedList } from '../../../lib/paged-query';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { lifecycleKeys } from './keys';

export function operationControlQueryOptions(operationId: string) {
  return queryOptions({
    queryKey: lifecycleKeys.control(operationId),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/admin/operations/${encodeURIComponent(operationId)}/control`,
        (c) => c.ZOperationControlResponse,
        {
          signal,
        },
      ),
  });
}

/** The reviewed deals, most recently changed first, a page at a time. */
export const useAdminOperations = () =>
  usePagedList({
    queryKey: lifecycleKeys.list(),
    path: '/api/admin/operations',
    schema: (c) => c.ZAdminOperationsListResponse,
    limit: ADMIN_LIST_PAGE_SIZE,
  });
export const useOperationControl = (operationId: string) => useQuery(operationControlQueryOptions(operationId));

/** A money action carries the digest of the preview its dialog showed: the server refuses it if the figures changed. */
export type LifecycleAction =
  | { kind: 'settle'; previewDigest: string }
  | { kind: 'cancel'; reason: string; previewDigest: string }
  | { kind: 'decide'; body: DisputeDecisionRequest }
  | { kind: 'final_measurement'; measuredNetTons: number; qualityNotes?: string; previewDigest: string };

function send(operationId: string, action: LifecycleAction) {
  const base = `/api/admin/operations/${encodeURIComponent(operationId)}`;
  switch (action.kind) {
    case 'settle':
      return apiRequest(`${base}/settle`, (c) => c.ZOkResponse, {
        method: 'POST',
        body: { previewDigest: action.previewDigest },
      });
    case 'cancel':
      return apiRequest(`${base}/cancel`, (c) => c.ZOkResponse, {
        method: 'POST',
        body: { reason: action.reason, previewDigest: action.previewDigest },
      });
    case 'decide':
      return apiRequest(`${base}/dispute/decision`, (c) => c.ZOkResponse, { method: 'POST', body: action.body });
    case 'final_measurement':
      return apiRequest(`${base}/final-measurement`, (c) => c.ZFinalMeasurementResponse, {
        method: 'POST',
        body: {
          measuredNetTons: action.measuredNetTons,
          ...(action.qualityNotes ? { qualityNotes: action.qualityNotes } : {}),
          previewDigest: action.previewDigest,
        },
      }).then(() => ({ ok: true as const }));
  }
}

/** One back-office action on a deal; the control page and the list are asked again afterwards. */
export function useLifecycleAction(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: LifecycleAction) => send(operationId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lifecycleKeys.all }),
  });
}

/**
 * POST …/payout-preview: what a settlement, a cancellation or a dispute's decision would book now,
 * order by order, computed by the server with the function that books it (nothing is written).
 */
export function usePayoutPreview(operationId: string) {
  return useMutation({
    mutationFn: (request: PayoutPreviewRequest) =>
      apiRequest(`/api/admin/operations/${encodeURIComponent(operationId)}/payout-preview`, (c) => c.ZPayoutPreview, {
        method: 'POST',
        body: request,
      }),
  });
}

/** The multipart body of a step: its fields, then its document when there is one. */
function milestoneFormData(fields: RecordMilestoneFields, document: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, Array.isArray(value) ? value.join('\n') : String(value));
  }
  if (document) form.append('document', document, document.name);
  return form;
}

/** Records a step of the deal: its fields and its document (multipart), with the upload's progress. */
export function useRecordStep(operationId: string, step: LifecycleStep, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, document }: { fields: RecordMilestoneFields; document: File | null }) =>
      uploadWithProgress({
        url: `/api/admin/operations/${encodeURIComponent(operationId)}/milestones/${step}`,
        form: milestoneFormData(fields, document),
        schema: (c) => c.ZOkResponse,
        onProgress,
        fallbackKey: 'errors.documentUpload',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lifecycleKeys.all }),
  });
}
