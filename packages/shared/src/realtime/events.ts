import { z } from 'zod';

/**
 * What the server announces to live pages (SSE), fed by Postgres NOTIFY on the
 * channel `REALTIME_CHANNEL` (triggers in migration 0004). Events carry ids only:
 * a page that hears one refetches what it shows.
 */
export const REALTIME_CHANNEL = 'tradeops_events';
export const REALTIME_EVENT_KINDS = [
  'operation',
  'order',
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

/**
 * Open streams per session (a browser's tabs share one session). One more closes the session's
 * oldest, so a tab left open somewhere yields to the newest and one session cannot hold
 * thousands of connections.
 */
export const REALTIME_MAX_STREAMS_PER_SESSION = 5;
/**
 * Open streams per account, over all its sessions: one more closes the account's oldest, so a
 * user with many tabs and browsers keeps working in the newest and one account (a fresh sign-up
 * included) cannot hold the instance's streams.
 */
export const REALTIME_MAX_STREAMS_PER_ACCOUNT = 10;
/**
 * Open streams per client address (as TRUST_PROXY resolves it; an IPv6 address by its /64), over
 * all accounts: beyond it a new stream from that address is refused (429, Retry-After) rather than
 * closing a stream of someone else behind the same address. An office of a few dozen people fits.
 */
export const REALTIME_MAX_STREAMS_PER_ADDRESS = 50;
/** Open streams per app instance; beyond it a new stream is refused (503, Retry-After). */
export const REALTIME_MAX_STREAMS_PER_INSTANCE = 2_000;
/**
 * How often an instance re-checks the sessions behind its open streams: a backstop to the
 * database's announcement of a revoked session (which closes them within moments), for
 * sessions that simply expire and announcements lost while the listener reconnected.
 */
export const REALTIME_SESSION_CHECK_MS = 30_000;

/** Why the server ended a stream: sent as `event: closed` with `{ reason }` just before it ends. */
export const REALTIME_CLOSE_REASONS = [
  // The session, or the account, opened more streams than its cap (REALTIME_MAX_STREAMS_PER_SESSION,
  // _PER_ACCOUNT): this was its oldest.
  'replaced',
  // The session was signed out, revoked everywhere, replaced by a password change, or expired.
  'session_ended',
] as const;
export type RealtimeCloseReason = (typeof REALTIME_CLOSE_REASONS)[number];
export const ZRealtimeClosed = z.object({ reason: z.enum(REALTIME_CLOSE_REASONS) });
