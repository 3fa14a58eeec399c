import { type SignInDoor, type SignInRequest } from '@tradeops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';

export type { SignInDoor };

export function signIn(body: SignInRequest, door: SignInDoor = 'user') {
  const path = door === 'admin' ? '/api/auth/admin/sign-in' : '/api/auth/sign-in';
  return apiRequest(path, (c) => c.ZSignInResponse, { method: 'POST', body });
}

/**
 * Signs in at the user door or the back-office door (which refuses non-admins).
 * An account with two-factor sign-in answers twoFactorRequired: the code comes next.
 */
export function useSignIn(door: SignInDoor = 'user') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInRequest) => signIn(body, door),
    onSuccess: (data) => setSessionUser(queryClient, data.user),
  });
}
