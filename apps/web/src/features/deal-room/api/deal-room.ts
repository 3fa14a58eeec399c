import {
  type DealRoomMessage,
  type DealRoomMessagesPage,
  type DealRoomResponse,
  MESSAGES_PAGE_SIZE,
  type PostMessageRequest,
  addDealRoomMessage,
} from '@tradeops/shared';
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-query';
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

/** The notifications toggle (spec §7: UPDATE order notifications_enabled). */
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
        room?.order ? { ...room, order: { ...room.order, notifications_enabled } } : room,
      );
    },
  });
}

/**
 * GET /api/operations/{id}/messages a page at a time: the latest MESSAGES_PAGE_SIZE first, earlier
 * ones on request; `items` newest first, as the API sends them.
 */
export function useDealRoomMessages(operationId: string, enabled = true) {
  return usePagedList({
    queryKey: dealRoomKeys.messages(operationId),
    path: `${base(operationId)}/messages`,
    schema: (c) => c.ZDealRoomMessagesResponse,
    limit: MESSAGES_PAGE_SIZE,
    enabled,
  });
}

/** Writes a message into the thread's cached pages (once, in its place, counted in the total): no request. */
export function addMessageToThread(queryClient: QueryClient, operationId: string, message: DealRoomMessage): void {
  queryClient.setQueryData<InfiniteData<DealRoomMessagesPage>>(dealRoomKeys.messages(operationId), (thread) =>
    thread ? { ...thread, pages: addDealRoomMessage(thread.pages, message) } : thread,
  );
}

export function usePostDealRoomMessage(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostMessageRequest) =>
      apiRequest(`${base(operationId)}/messages`, (c) => c.ZDealRoomMessage, { method: 'POST', body }),
    // The answer is the message: written into the thread, no refetch (its live event finds it there).
    onSuccess: (message) => addMessageToThread(queryClient, operationId, message),
  });
}

/** The multipart body of a dispute: its reason (when opening) and `evidence` file parts. */
function disputeFormData(reason: string | null, files: File[]): FormData {
  const form = new FormData();
  if (reason !== null) form.append('reason', reason);
  for (const file of files) form.append('evidence', file, file.name);
  return form;
}

/**
 * POST /api/operations/{id}/disputes (a reason and evidence files), or, with a dispute already
 * open, POST …/disputes/evidence (files only). The room is read again afterwards.
 */
export function useSendDispute(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reason, files }: { reason: string | null; files: File[] }) =>
      apiRequest(
        reason === null ? `${base(operationId)}/disputes/evidence` : `${base(operationId)}/disputes`,
        (c) => c.ZOpenDisputeResponse,
        { method: 'POST', body: disputeFormData(reason, files) },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealRoomKeys.all(operationId) }),
  });
}
