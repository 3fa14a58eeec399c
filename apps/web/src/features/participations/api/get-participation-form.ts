import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { participationKeys } from './keys';

/** GET /api/operations/{id}/participation-form: the limits of an order for the signed-in buyer. */
export function useParticipationForm(operationId: string) {
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({
      queryKey: participationKeys.form(operationId, i18n.language),
      queryFn: ({ signal }) =>
        apiRequest(
          `/api/operations/${encodeURIComponent(operationId)}/participation-form`,
          (c) => c.ZParticipationFormResponse,
          {
            signal,
          },
        ),
    }),
  );
}
