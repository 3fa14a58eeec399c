/**
 * The orders feature's query keys, one factory so a query and the
 * invalidations that refresh it cannot drift apart. `all` is the prefix every
 * buyer-side key starts with (an order or a proof refreshes them all).
 */
export const orderKeys = {
  all: ['orders'] as const,
  form: (operationId: string, language: string) => [...orderKeys.all, 'form', operationId, language] as const,
  /** The buyer's order in one operation, in every language (what a live event makes stale). */
  mineIn: (operationId: string) => [...orderKeys.all, 'mine', operationId] as const,
  mine: (operationId: string, language: string) => [...orderKeys.mineIn(operationId), language] as const,
};

/** The admin's payment queue. */
export const paymentKeys = {
  all: ['admin', 'payments'] as const,
  queue: (language: string) => [...paymentKeys.all, 'queue', language] as const,
};
