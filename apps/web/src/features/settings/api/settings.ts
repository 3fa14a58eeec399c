import {
  type ChecklistTemplatesRequest,
  type UpdateAccountProfileRequest,
  type UpdateAdminSettingsRequest,
} from '@tradeops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function useAdminSettings() {
  return useQuery({
    queryKey: settingsKeys.admin(),
    queryFn: ({ signal }) => apiRequest('/api/admin/settings', (c) => c.ZAdminSettingsResponse, { signal }),
  });
}

export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdminSettingsRequest) =>
      apiRequest('/api/admin/settings', (c) => c.ZAdminSettingsResponse, { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.admin(), data),
  });
}

export function useAccountProfile() {
  return useQuery({
    queryKey: settingsKeys.profile(),
    queryFn: ({ signal }) => apiRequest('/api/account/profile', (c) => c.ZAccountProfile, { signal }),
  });
}

export function useSaveAccountProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountProfileRequest) =>
      apiRequest('/api/account/profile', (c) => c.ZAccountProfile, { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.profile(), data),
  });
}

/** The document checklist templates (per commodity and Incoterm) an admin saved, and the built-in defaults. */
export function useChecklistTemplates() {
  return useQuery({
    queryKey: settingsKeys.checklists(),
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/settings/document-checklists', (c) => c.ZChecklistTemplatesResponse, { signal }),
  });
}

export function useSaveChecklistTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChecklistTemplatesRequest) =>
      apiRequest('/api/admin/settings/document-checklists', (c) => c.ZChecklistTemplatesResponse, {
        method: 'PUT',
        body,
      }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.checklists(), data),
  });
}
