/**
 * The offers feature's query keys; `all` is what saving or withdrawing an offer refreshes, `review` the
 * admins' offer review queue (`['admin', 'offer-reviews', …]`).
 */
export const offerKeys = {
  all: ['offers'] as const,
  mine: (language: string) => [...offerKeys.all, 'mine', language] as const,
  detail: (id: string | null, language: string) => [...offerKeys.all, 'detail', id, language] as const,
  participants: (id: string | null) => [...offerKeys.all, 'participants', id] as const,
  dashboard: (language: string) => [...offerKeys.all, 'dashboard', language] as const,
  platformFee: ['offers', 'platform-fee'] as const,
  review: ['admin', 'offer-reviews'] as const,
  reviews: () => [...offerKeys.review, 'queue'] as const,
};
