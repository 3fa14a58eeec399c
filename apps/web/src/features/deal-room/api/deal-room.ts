import { type DealRoomResponse, type PostMessageRequest } from '@tradeops/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { dealRoomKeys } from './keys';

const base = (operationId: string) => `/api/operations/${encodeURIComponent(operationId)}`;

export function dealRoomQueryOptions(operationId: string, language: string) {
  return queryOptions({
    queryKey: dealRoomKeys.room(operationId, language),
    queryFn: ({ signal }) => apiRequest(`${base(operationId)}/deal-room`, (c) => c.ZDealRoomResponse, { signal }),
  });
}

/** GET /api/operations/{id}/deal-room: progress, milestones and the caller's order. */
export function useDealRoom(operationId: string) {
  const { i18n } = useTranslation();
  return useQuery(dealRoomQueryOptions(operationId, i18n.language));
}

/** The notifications toggle (spec §7: UPDATE participation notifications_enabled). */
export function useSetDealRoomNotifications(operationId: string) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest(`${base(operationId)}/deal-room/notifications`, (c) => c.ZDealRoomNotificationsResponse, {
        method: 'PATCH',
        body: { enabled },
      }),
    onSuccess: ({ notifications_enabled }) => {
      queryClient.setQueryData<DealRoomResponse>(dealRoomKeys.room(operationId, i18n.language), (room) =>
        room?.participation ? { ...room, participation: { ...room.participation, notifications_enabled } } : room,
      );
    },
  });
}

export function useDealRoomMessages(operationId: string, enabled = true) {
  return useQuery({
    queryKey: dealRoomKeys.messages(operationId),
    queryFn: ({ signal }) =>
      apiRequest(`${base(operationId)}/messages`, (c) => c.ZDealRoomMessagesResponse, { signal }),
    enabled,
  });
}

export function usePostDealRoomMessage(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostMessageRequest) =>
      apiRequest(`${base(operationId)}/messages`, (c) => c.ZDealRoomMessage, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealRoomKeys.messages(operationId) }),
  });
}
