import { z } from 'zod';

/**
 * What the server announces to live pages (SSE), fed by Postgres NOTIFY on the
 * channel `REALTIME_CHANNEL` (triggers in migration 0004). Events carry ids only:
 * a page that hears one refetches what it shows.
 */
export const REALTIME_CHANNEL = 'tradeops_events';
export const REALTIME_EVENT_KINDS = [
  'operation',
  'participation',
  'waitlist',
  'message',
  'notification',
  'profile',
  // Server-side only (never sent to browsers): an account's sessions, user or profile changed,
  // or with no userId a setting every session depends on; instances forget cached callers.
  'session',
] as const;
export type RealtimeEventKind = (typeof REALTIME_EVENT_KINDS)[number];

export const ZRealtimeEvent = z.object({
  kind: z.enum(REALTIME_EVENT_KINDS),
  operationId: z.string().optional(),
  userId: z.string().optional(),
  id: z.string().optional(),
});
export type RealtimeEvent = z.infer<typeof ZRealtimeEvent>;

/** Spec §9: reconnect delays after a dropped stream, then the last one repeats. */
export const REALTIME_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** Spec §9: a comment line every 30 s keeps proxies from closing an idle stream. */
export const REALTIME_HEARTBEAT_MS = 30_000;
