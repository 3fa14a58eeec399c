/** The offers feature's query keys; `all` is what saving or withdrawing an offer refreshes. */
export const offerKeys = {
  all: ['offers'] as const,
  mine: (language: string) => [...offerKeys.all, 'mine', language] as const,
  detail: (id: string | null, language: string) => [...offerKeys.all, 'detail', id, language] as const,
  participants: (id: string | null) => [...offerKeys.all, 'participants', id] as const,
  dashboard: (language: string) => [...offerKeys.all, 'dashboard', language] as const,
  platformFee: ['offers', 'platform-fee'] as const,
};
