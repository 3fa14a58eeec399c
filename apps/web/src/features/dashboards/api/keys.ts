/** The dashboards' query keys. */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  buyer: (language: string) => [...dashboardKeys.all, 'buyer', language] as const,
  admin: (language: string) => [...dashboardKeys.all, 'admin', language] as const,
  operations: (status: string, search: string, language: string) =>
    [...dashboardKeys.all, 'operations', status, search, language] as const,
};
