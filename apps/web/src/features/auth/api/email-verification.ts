import { type VerifyEmailRequest } from '@tradeops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SESSION_QUERY_KEY, setSessionUser } from '../../../lib/session';

export function verifyEmail(body: VerifyEmailRequest) {
  return apiRequest('/api/auth/email/verify', (c) => c.ZSessionResponse, { method: 'POST', body });
}

export function resendVerificationEmail() {
  return apiRequest('/api/auth/email/resend', (c) => c.ZOkResponse, { method: 'POST', body: {} });
}

/** Confirms the address; a signed-in owner gets the refreshed user, anyone else's session is asked again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (data) => {
      if (data.user) setSessionUser(queryClient, data.user);
      else void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

export const useResendVerificationEmail = () => useMutation({ mutationFn: resendVerificationEmail });
