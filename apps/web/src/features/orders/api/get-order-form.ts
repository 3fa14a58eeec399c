import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** GET /api/operations/{id}/order-form: the limits of an order for the signed-in buyer. */
export function useOrderForm(operationId: string) {
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({
      queryKey: orderKeys.form(operationId, i18n.language),
      queryFn: ({ signal }) =>
        apiRequest(`/api/operations/${encodeURIComponent(operationId)}/order-form`, (c) => c.ZOrderFormResponse, {
          signal,
        }),
    }),
  );
}
