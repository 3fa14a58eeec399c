import { type ChangePasswordRequest, type ForgotPasswordRequest, type ResetPasswordRequest } from '@tradeops/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function requestPasswordReset(body: ForgotPasswordRequest) {
  return apiRequest('/api/auth/password/forgot', (c) => c.ZOkResponse, { method: 'POST', body });
}

export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest('/api/auth/password/reset', (c) => c.ZOkResponse, { method: 'POST', body });
}

export function changePassword(body: ChangePasswordRequest) {
  return apiRequest('/api/auth/password/change', (c) => c.ZOkResponse, { method: 'POST', body });
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
