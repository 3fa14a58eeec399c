/** The settings feature's query keys. */
export const settingsKeys = {
  all: ['settings'] as const,
  admin: () => [...settingsKeys.all, 'admin'] as const,
  checklists: () => [...settingsKeys.all, 'document-checklists'] as const,
  profile: () => [...settingsKeys.all, 'profile'] as const,
  apiKeys: () => [...settingsKeys.all, 'api-keys'] as const,
  webhooks: () => [...settingsKeys.all, 'webhooks'] as const,
  webhookDeliveries: (endpointId: string) => [...settingsKeys.webhooks(), endpointId, 'deliveries'] as const,
};
