/** The dashboards' query keys. */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  /** The buyer's dashboard in every language (what a live event makes stale). */
  buyers: ['dashboards', 'buyer'] as const,
  buyer: (language: string) => [...dashboardKeys.buyers, language] as const,
  /** The buyer's orders, a page at a time (under `buyers`: the same live events make them stale). */
  buyerOrders: (language: string) => [...dashboardKeys.buyers, 'orders', language] as const,
  admin: (language: string) => [...dashboardKeys.all, 'admin', language] as const,
  operations: (status: string, search: string, language: string) =>
    [...dashboardKeys.all, 'operations', status, search, language] as const,
};
