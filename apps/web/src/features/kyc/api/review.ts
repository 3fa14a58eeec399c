import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { KYC_REVIEW_PAGE_LIMIT } from '@tradeops/shared';
import { usePagedList } from '../../../lib/paged-query';
import { postReviewDecision } from '../../../lib/review-decision';
import { kycKeys } from './keys';

export const kycOverviewQueryOptions = queryOptions({
  queryKey: kycKeys.overview(),
  queryFn: ({ signal }) => apiRequest('/api/admin/kyc/overview', (c) => c.ZKycOverviewResponse, { signal }),
});

export const useKycOverview = () => useQuery(kycOverviewQueryOptions);
/** The KYC review queue, the longest waiting first, a page of whole dossiers at a time (25, not an admin list's 100). */
export const useKycReviewUsers = () =>
  usePagedList({
    queryKey: kycKeys.users(),
    path: '/api/admin/kyc/users',
    schema: (c) => c.ZKycReviewUsersResponse,
    limit: KYC_REVIEW_PAGE_LIMIT,
  });

/** Every decision names the revision the admin reviewed: one replaced or edited since is refused (409). */
export type ReviewAction =
  | { kind: 'verifyDocument'; id: string; revision: number }
  | { kind: 'rejectDocument'; id: string; revision: number; reason: string }
  | { kind: 'approveUser'; id: string; revision: number }
  | { kind: 'rejectUser'; id: string; revision: number; reason: string };

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
  }
}

/** One KYC reviewer decision (a document or a company); the queues and counts are asked again afterwards. */
export function reviewDecision(action: ReviewAction) {
  return postReviewDecision(pathOf(action), action);
}

/**
 * A decision, then the queues again whatever the answer: after a refusal because the document
 * or company changed (409), the page shows the new version beside the translated message.
 */
export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDecision,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKeys.review }),
  });
}
