import { type SignUpRequest } from '@tradeops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';

export function signUp(body: SignUpRequest) {
  return apiRequest('/api/auth/sign-up', (c) => c.ZSessionResponse, { method: 'POST', body });
}

/** Creates the account; the new session goes straight into the session cache. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (data) => setSessionUser(queryClient, data.user),
  });
}
