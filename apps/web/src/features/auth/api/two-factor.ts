import {
  type ConfirmTwoFactorRequest,
  type DisableTwoFactorRequest,
  type EnableTwoFactorRequest,
  type VerifyTwoFactorRequest,
} from '@tradeops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';

/** The second step of a sign-in: an authenticator or recovery code. */
export function verifyTwoFactor(body: VerifyTwoFactorRequest) {
  return apiRequest('/api/auth/two-factor/verify', (c) => c.ZSessionResponse, { method: 'POST', body });
}

export function enableTwoFactor(body: EnableTwoFactorRequest) {
  return apiRequest('/api/auth/two-factor/enable', (c) => c.ZEnableTwoFactorResponse, { method: 'POST', body });
}

export function confirmTwoFactor(body: ConfirmTwoFactorRequest) {
  return apiRequest('/api/auth/two-factor/confirm', (c) => c.ZSessionResponse, { method: 'POST', body });
}

export function disableTwoFactor(body: DisableTwoFactorRequest) {
  return apiRequest('/api/auth/two-factor/disable', (c) => c.ZSessionResponse, { method: 'POST', body });
}

/** Each of these answers the user as it now is (the session cookie was replaced): the cache follows. */
function useSessionChange<B>(mutationFn: (body: B) => ReturnType<typeof confirmTwoFactor>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (data) => setSessionUser(queryClient, data.user) });
}

export const useVerifyTwoFactor = () => useSessionChange(verifyTwoFactor);
export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });
export const useConfirmTwoFactor = () => useSessionChange(confirmTwoFactor);
export const useDisableTwoFactor = () => useSessionChange(disableTwoFactor);
