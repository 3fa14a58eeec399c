/** The operations feature's query keys (the catalogue, the landing's lists, the featured deal, the detail and its public summary). */
export const operationKeys = {
  all: ['operations'] as const,
  lists: () => [...operationKeys.all, 'list'] as const,
  /** `params` already normalised, so `{}` and the defaults share one cache entry. */
  list: (params: object, language: string) => [...operationKeys.lists(), language, params] as const,
  detail: (id: string, language: string) => [...operationKeys.all, 'detail', id, language] as const,
  summary: (id: string, language: string) => [...operationKeys.all, 'summary', id, language] as const,
  featured: (language: string) => [...operationKeys.all, 'featured', language] as const,
  catalogue: (language: string, filters: object, pageSize: number) =>
    [...operationKeys.all, 'catalogue', language, filters, pageSize] as const,
};
