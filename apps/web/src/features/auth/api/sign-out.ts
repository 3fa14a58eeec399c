import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';

export function signOut() {
  return apiRequest('/api/auth/sign-out', (c) => c.ZOkResponse, { method: 'POST' });
}

export function revokeAllSessions() {
  return apiRequest('/api/session/revoke-all', (c) => c.ZOkResponse, { method: 'POST' });
}

/**
 * Signs out this device, or every device. Cached data of the old user is
 * dropped with the session, whatever the server answered.
 */
export function useSignOut(scope: 'this' | 'all' = 'this') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scope === 'all' ? revokeAllSessions : signOut,
    onSettled: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      setSessionUser(queryClient, null);
    },
  });
}
