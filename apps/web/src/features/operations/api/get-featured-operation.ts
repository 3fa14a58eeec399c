import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FeaturedOperation } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { operationKeys } from './keys';

/** GET /api/operations/featured: the landing card's figures, computed by the server. */
export function getFeaturedOperation(signal?: AbortSignal): Promise<FeaturedOperation> {
  return apiRequest('/api/operations/featured', (contracts) => contracts.ZFeaturedOperation, { signal });
}

export function featuredOperationQueryOptions(language: string) {
  return queryOptions({
    queryKey: operationKeys.featured(language),
    queryFn: ({ signal }) => getFeaturedOperation(signal),
  });
}

export function useFeaturedOperation(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({ ...featuredOperationQueryOptions(i18n.language), enabled });
}
