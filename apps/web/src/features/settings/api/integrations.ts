import { type ApiVersion, type CreateApiKeyRequest, type CreateWebhookRequest } from '@tradeops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** The company's API keys (GET /api/account/api-keys). */
export function useApiKeys() {
  return useQuery({
    queryKey: settingsKeys.apiKeys(),
    queryFn: ({ signal }) => apiRequest('/api/account/api-keys', (c) => c.ZApiKeyList, { signal }),
  });
}

/** A new key: the answer holds the key itself, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      apiRequest('/api/account/api-keys', (c) => c.ZCreatedApiKey, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys() }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/account/api-keys/${encodeURIComponent(id)}/revoke`, (c) => c.ZApiKey, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys() }),
  });
}

/** Pins a key to an API version (PUT /api/account/api-keys/{id}/version). */
export function useSetApiKeyVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, apiVersion }: { id: string; apiVersion: ApiVersion }) =>
      apiRequest(`/api/account/api-keys/${encodeURIComponent(id)}/version`, (c) => c.ZApiKey, {
        method: 'PUT',
        body: { apiVersion },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys() }),
  });
}

/** Pins a webhook endpoint to an API version (PUT /api/account/webhooks/{id}/version). */
export function useSetWebhookVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, apiVersion }: { id: string; apiVersion: ApiVersion }) =>
      apiRequest(`/api/account/webhooks/${encodeURIComponent(id)}/version`, (c) => c.ZWebhookEndpoint, {
        method: 'PUT',
        body: { apiVersion },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.webhooks() }),
  });
}

/** The company's webhook endpoints. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: settingsKeys.webhooks(),
    queryFn: ({ signal }) => apiRequest('/api/account/webhooks', (c) => c.ZWebhookEndpointList, { signal }),
  });
}

/** A new endpoint: the answer holds its signing secret, shown once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) =>
      apiRequest('/api/account/webhooks', (c) => c.ZCreatedWebhook, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.webhooks() }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/account/webhooks/${encodeURIComponent(id)}`, (c) => c.ZOkResponse, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.webhooks() }),
  });
}

/** The newest deliveries to one endpoint (its log). */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: settingsKeys.webhookDeliveries(endpointId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/account/webhooks/${encodeURIComponent(endpointId)}/deliveries`, (c) => c.ZWebhookDeliveryList, {
        signal,
      }),
  });
}

export function useResendWebhookDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest(
        `/api/account/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        (c) => c.ZWebhookDelivery,
        {
          method: 'POST',
        },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.webhookDeliveries(endpointId) }),
  });
}
