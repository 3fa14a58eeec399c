import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** GET /api/operations/{id}/orders/mine: the buyer's live order with its payment instructions. */
export function useMyOrder(operationId: string) {
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({
      queryKey: orderKeys.mine(operationId, i18n.language),
      queryFn: ({ signal }) =>
        apiRequest(`/api/operations/${encodeURIComponent(operationId)}/orders/mine`, (c) => c.ZOrderResponse, {
          signal,
        }),
    }),
  );
}
