import { type VerifyEmailRequest } from '@tradeops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';

export function verifyEmail(body: VerifyEmailRequest) {
  return apiRequest('/api/auth/email/verify', (c) => c.ZSessionResponse, { method: 'POST', body });
}

export function resendVerificationEmail() {
  return apiRequest('/api/auth/email/resend', (c) => c.ZOkResponse, { method: 'POST', body: {} });
}

/** Confirms the address; every session of the account ended with it, so the session is asked again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}

export const useResendVerificationEmail = () => useMutation({ mutationFn: resendVerificationEmail });
