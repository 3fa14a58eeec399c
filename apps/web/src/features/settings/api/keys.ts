/** The settings feature's query keys. */
export const settingsKeys = {
  all: ['settings'] as const,
  admin: () => [...settingsKeys.all, 'admin'] as const,
  profile: () => [...settingsKeys.all, 'profile'] as const,
};
