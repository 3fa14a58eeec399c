import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const REVIEW_KEY = ['admin', 'kyc'] as const;

export const kycOverviewQueryOptions = queryOptions({
  queryKey: [...REVIEW_KEY, 'overview'],
  queryFn: ({ signal }) => apiRequest('/api/admin/kyc/overview', (c) => c.ZKycOverviewResponse, { signal }),
});

export const kycReviewUsersQueryOptions = queryOptions({
  queryKey: [...REVIEW_KEY, 'users'],
  queryFn: ({ signal }) => apiRequest('/api/admin/kyc/users', (c) => c.ZKycReviewUsersResponse, { signal }),
});

export const operationReviewQueryOptions = queryOptions({
  queryKey: [...REVIEW_KEY, 'operations'],
  queryFn: ({ signal }) => apiRequest('/api/admin/kyc/operations', (c) => c.ZOperationReviewResponse, { signal }),
});

export const useKycOverview = () => useQuery(kycOverviewQueryOptions);
export const useKycReviewUsers = () => useQuery(kycReviewUsersQueryOptions);
export const useOperationReview = () => useQuery(operationReviewQueryOptions);

export type ReviewAction =
  | { kind: 'verifyDocument'; id: string }
  | { kind: 'rejectDocument'; id: string; reason: string }
  | { kind: 'approveUser'; id: string }
  | { kind: 'rejectUser'; id: string; reason: string }
  | { kind: 'approveOperation'; id: string }
  | { kind: 'rejectOperation'; id: string; reason: string };

function pathOf(action: ReviewAction): string {
  const id = encodeURIComponent(action.id);
  switch (action.kind) {
    case 'verifyDocument':
      return `/api/admin/kyc/documents/${id}/verify`;
    case 'rejectDocument':
      return `/api/admin/kyc/documents/${id}/reject`;
    case 'approveUser':
      return `/api/admin/kyc/users/${id}/approve`;
    case 'rejectUser':
      return `/api/admin/kyc/users/${id}/reject`;
    case 'approveOperation':
      return `/api/admin/kyc/operations/${id}/approve`;
    case 'rejectOperation':
      return `/api/admin/kyc/operations/${id}/reject`;
  }
}

/** One reviewer decision; the queues and counts are asked again afterwards. */
export function reviewDecision(action: ReviewAction) {
  return apiRequest(pathOf(action), (c) => c.ZOkResponse, {
    method: 'POST',
    body: 'reason' in action ? { reason: action.reason } : {},
  });
}

export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDecision,
    onSettled: () => queryClient.invalidateQueries({ queryKey: REVIEW_KEY }),
  });
}
