/**
 * The participations feature's query keys, one factory so a query and the
 * invalidations that refresh it cannot drift apart. `all` is the prefix every
 * buyer-side key starts with (an order or a proof refreshes them all).
 */
export const participationKeys = {
  all: ['participations'] as const,
  form: (operationId: string, language: string) => [...participationKeys.all, 'form', operationId, language] as const,
  mine: (operationId: string, language: string) => [...participationKeys.all, 'mine', operationId, language] as const,
};

/** The admin's payment queue. */
export const paymentKeys = {
  all: ['admin', 'payments'] as const,
  queue: (language: string) => [...paymentKeys.all, 'queue', language] as const,
};
