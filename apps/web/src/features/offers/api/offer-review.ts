import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LIST_PAGE_SIZE, usePagedList } from '../../../lib/paged-query';
import { postReviewDecision } from '../../../lib/review-decision';
import { offerKeys } from './keys';

/** The offers awaiting an admin's review (the offer review, not KYC), oldest first, a page at a time. */
export const useOfferReviewQueue = () =>
  usePagedList({
    queryKey: offerKeys.reviews(),
    path: '/api/admin/offer-reviews',
    schema: (c) => c.ZOfferReviewResponse,
    limit: ADMIN_LIST_PAGE_SIZE,
  });

/** An admin's decision on an offer, naming the revision reviewed: an offer edited since is refused (409). */
export type OfferReviewDecision =
  { kind: 'approve'; id: string; revision: number } | { kind: 'reject'; id: string; revision: number; reason: string };

export function decideOfferReview(decision: OfferReviewDecision) {
  return postReviewDecision(`/api/admin/offer-reviews/${encodeURIComponent(decision.id)}/${decision.kind}`, decision);
}

/**
 * A decision, then the queue again whatever the answer: after a refusal because the offer changed
 * (409), the page shows the new version beside the translated message.
 */
export function useOfferReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOfferReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.review }),
  });
}
