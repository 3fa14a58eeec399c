/** The auth feature's query keys (the session's own key lives in lib/session.ts, used app-wide). */
export const authKeys = {
  outbox: () => ['admin', 'outbox'] as const,
};
