import { type UpdateAccountProfileRequest, type UpdateAdminSettingsRequest } from '@tradeops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const ADMIN_SETTINGS_KEY = ['settings', 'admin'] as const;
const PROFILE_KEY = ['settings', 'profile'] as const;

export function useAdminSettings() {
  return useQuery({
    queryKey: ADMIN_SETTINGS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/admin/settings', (c) => c.ZAdminSettingsResponse, { signal }),
  });
}

export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdminSettingsRequest) =>
      apiRequest('/api/admin/settings', (c) => c.ZAdminSettingsResponse, { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(ADMIN_SETTINGS_KEY, data),
  });
}

export function useAccountProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => apiRequest('/api/account/profile', (c) => c.ZAccountProfile, { signal }),
  });
}

export function useSaveAccountProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountProfileRequest) =>
      apiRequest('/api/account/profile', (c) => c.ZAccountProfile, { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(PROFILE_KEY, data),
  });
}
