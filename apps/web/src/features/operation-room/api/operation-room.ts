import {
  type OperationRoomMessage,
  type OperationRoomMessagesPage,
  type OperationRoomResponse,
  MESSAGES_PAGE_SIZE,
  type PostMessageRequest,
  addOperationRoomMessage,
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
import { operationRoomKeys } from './keys';

const base = (operationId: string) => `/api/operations/${encodeURIComponent(operationId)}`;

export function operationRoomQueryOptions(operationId: string, language: string) {
  return queryOptions({
    queryKey: operationRoomKeys.room(operationId, language),
    queryFn: ({ signal }) => apiRequest(`${base(operationId)}/room`, (c) => c.ZOperationRoomResponse, { signal }),
  });
}

/** GET /api/operations/{id}/room: progress, milestones and the caller's order. */
export function useOperationRoom(operationId: string) {
  const { i18n } = useTranslation();
  return useQuery(operationRoomQueryOptions(operationId, i18n.language));
}

/** The notifications toggle (spec §7: UPDATE order notificationsEnabled). */
export function useSetOperationRoomNotifications(operationId: string) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest(`${base(operationId)}/room/notifications`, (c) => c.ZOperationRoomNotificationsResponse, {
        method: 'PATCH',
        body: { enabled },
      }),
    onSuccess: ({ notificationsEnabled }) => {
      queryClient.setQueryData<OperationRoomResponse>(operationRoomKeys.room(operationId, i18n.language), (room) =>
        room?.order ? { ...room, order: { ...room.order, notificationsEnabled } } : room,
      );
    },
  });
}

/**
 * GET /api/operations/{id}/messages a page at a time: the latest MESSAGES_PAGE_SIZE first, earlier
 * ones on request; `items` newest first, as the API sends them.
 */
export function useOperationRoomMessages(operationId: string, enabled = true) {
  return usePagedList({
    queryKey: operationRoomKeys.messages(operationId),
    path: `${base(operationId)}/messages`,
    schema: (c) => c.ZOperationRoomMessagesResponse,
    limit: MESSAGES_PAGE_SIZE,
    enabled,
  });
}

/** Writes a message into the thread's cached pages (once, in its place, counted in the total): no request. */
export function addMessageToThread(queryClient: QueryClient, operationId: string, message: OperationRoomMessage): void {
  queryClient.setQueryData<InfiniteData<OperationRoomMessagesPage>>(
    operationRoomKeys.messages(operationId),
    (thread) => (thread ? { ...thread, pages: addOperationRoomMessage(thread.pages, message) } : thread),
  );
}

export function usePostOperationRoomMessage(operationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostMessageRequest) =>
      apiRequest(`${base(operationId)}/messages`, (c) => c.ZOperationRoomMessage, { method: 'POST', body }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operationRoomKeys.all(operationId) }),
  });
}
