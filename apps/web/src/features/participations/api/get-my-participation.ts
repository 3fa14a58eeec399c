import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { participationKeys } from './keys';

/** GET /api/operations/{id}/participations/mine: the buyer's live order with its payment instructions. */
export function useMyParticipation(operationId: string) {
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({
      queryKey: participationKeys.mine(operationId, i18n.language),
      queryFn: ({ signal }) =>
        apiRequest(
          `/api/operations/${encodeURIComponent(operationId)}/participations/mine`,
          (c) => c.ZParticipationResponse,
          { signal },
        ),
    }),
  );
}
