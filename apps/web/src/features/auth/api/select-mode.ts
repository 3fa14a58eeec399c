import { type UserMode } from '@tradeops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';

export function selectMode(mode: UserMode) {
  return apiRequest('/api/session/mode', (c) => c.ZSessionResponse, { method: 'PUT', body: { mode } });
}

/** Stores the chosen mode as the signed-in user's role. */
export function useSelectMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectMode,
    onSuccess: (data) => setSessionUser(queryClient, data.user),
  });
}
