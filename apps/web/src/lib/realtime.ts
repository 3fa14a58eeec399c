import {
  type LiveEvent,
  REALTIME_RECONNECT_DELAYS_MS,
  type RealtimeEvent,
  type RealtimeEventKind,
  ZRealtimeClosed,
} from '@tradeops/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The tab's one live stream (GET /api/events, Server-Sent Events). It opens when
 * the first subscriber arrives and closes shortly after the last one leaves.
 * After a drop it reconnects by itself after 1, 2, 5, then every 10 s (spec §9);
 * when it comes back, subscribers are told to resync, since events sent
 * meanwhile were missed. Events carry ids (pages refetch what they show), and for deal
 * rooms the change itself (ZLiveEvent: the page patches its cache instead).
 *
 * The server may end the stream itself (`event: closed`): `replaced` when the
 * session or the account opened more streams than it may keep (other tabs,
 * other browsers) — a hidden tab then
 * waits until it is looked at again, so tabs do not take turns evicting each
 * other —, `session_ended` when the session was signed out or replaced (a
 * password change): the app re-reads the session, and the stream reconnects
 * with the cookie the browser now holds.
 */

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

interface Subscriber {
  onEvent(event: LiveEvent): void;
  onResync?(): void;
}

export const REALTIME_URL = '/api/events';
/** Keeps the stream through a page change (one component unmounts, the next mounts). */
const IDLE_CLOSE_MS = 2_000;

const subscribers = new Set<Subscriber>();
const statusListeners = new Set<() => void>();
const sessionEndedListeners = new Set<() => void>();
let isWaitingForVisibility = false;
let source: EventSource | null = null;
let status: RealtimeStatus = 'idle';
let failures = 0;
let hasBeenOpen = false;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let idleTimer: ReturnType<typeof setTimeout> | null = null;

function setStatus(next: RealtimeStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

/** The wait before reconnect attempt `failureCount` (1-based): 1 s, 2 s, 5 s, then 10 s each time. */
export function reconnectDelayMs(failureCount: number): number {
  const delays = REALTIME_RECONNECT_DELAYS_MS;
  return delays[Math.min(Math.max(failureCount, 1), delays.length) - 1]!;
}

function isRealtimeEvent(value: unknown): value is LiveEvent {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

function resyncAll() {
  for (const subscriber of [...subscribers]) subscriber.onResync?.();
}

function scheduleReconnect() {
  failures += 1;
  setStatus('reconnecting');
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    if (subscribers.size > 0) connect();
  }, reconnectDelayMs(failures));
}

/** A hidden tab whose stream yielded to a newer one reconnects when it is shown again. */
function reconnectWhenVisible() {
  setStatus('reconnecting');
  if (isWaitingForVisibility) return;
  isWaitingForVisibility = true;
  const onVisibilityChange = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onVisibilityChange);
    isWaitingForVisibility = false;
    if (subscribers.size > 0 && !source && !reconnectTimer) connect();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
}

function connect() {
  if (typeof EventSource === 'undefined') return;
  setStatus(hasBeenOpen ? 'reconnecting' : 'connecting');
  const stream = new EventSource(REALTIME_URL, { withCredentials: true });
  source = stream;
  stream.addEventListener('ready', () => {
    if (source !== stream) return;
    failures = 0;
    if (hasBeenOpen) resyncAll();
    hasBeenOpen = true;
    setStatus('open');
  });
  stream.addEventListener('resync', () => resyncAll());
  stream.onmessage = (message: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (!isRealtimeEvent(data)) return;
    for (const subscriber of [...subscribers]) subscriber.onEvent(data);
  };
  stream.addEventListener('closed', (message: MessageEvent<string>) => {
    if (source !== stream) return;
    stream.close();
    source = null;
    let reason: string | null = null;
    try {
      reason = ZRealtimeClosed.parse(JSON.parse(message.data)).reason;
    } catch {
      // An unknown reason is a drop like any other.
    }
    if (reason === 'session_ended') for (const listener of [...sessionEndedListeners]) listener();
    if (reason === 'replaced' && document.visibilityState === 'hidden') reconnectWhenVisible();
    else scheduleReconnect();
  });
  // The browser's own retry stops on a refused answer: we close and retry on our schedule instead.
  stream.onerror = () => {
    if (source !== stream) return;
    stream.close();
    source = null;
    scheduleReconnect();
  };
}

function disconnect() {
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  source?.close();
  source = null;
  failures = 0;
  hasBeenOpen = false;
  setStatus('idle');
}

/** Listens to the tab's stream; returns the unsubscribe function. */
export function subscribeRealtime(subscriber: Subscriber): () => void {
  subscribers.add(subscriber);
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (!source && !reconnectTimer) connect();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size > 0) return;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (subscribers.size === 0) disconnect();
    }, IDLE_CLOSE_MS);
  };
}

/** Opens a new stream now (another user signed in: the old stream carried the previous user's events). */
export function restartRealtime(): void {
  if (subscribers.size === 0) return;
  disconnect();
  connect();
}

/** Called when the server ends the stream because the tab's session ended; returns the unsubscribe function. */
export function onRealtimeSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

/** The stream's state, for a "live" indicator or to poll only while it is down. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    getRealtimeStatus,
    () => 'idle' as const,
  );
}

/** Calls `onEvent` for each event (and `onResync` after missed ones) while mounted. */
export function useRealtimeEvents(onEvent: (event: LiveEvent) => void, onResync?: () => void, enabled = true) {
  const handlers = useRef({ onEvent, onResync });
  useEffect(() => {
    handlers.current = { onEvent, onResync };
  });
  useEffect(() => {
    if (!enabled) return;
    return subscribeRealtime({
      onEvent: (event) => handlers.current.onEvent(event),
      onResync: () => handlers.current.onResync?.(),
    });
  }, [enabled]);
}

export interface RealtimeBinding {
  /** Event kinds that make `queryKey` stale. */
  kinds: readonly RealtimeEventKind[];
  /** Only events about this operation (when given). */
  operationId?: string;
  queryKey: QueryKey;
  /**
   * For events every open page hears at once (a deal's figures changed): the refetch waits a random
   * moment within this window, and the events heard meanwhile share it, so a thousand open pages
   * spread their reads instead of queueing behind the database's pool. Unset: at once.
   */
  spreadMs?: number;
}

/** Whether an event concerns a binding. */
export function matchesBinding(binding: Pick<RealtimeBinding, 'kinds' | 'operationId'>, event: RealtimeEvent): boolean {
  if (!binding.kinds.includes(event.kind)) return false;
  return binding.operationId === undefined || event.operationId === binding.operationId;
}

/** The usual window of a spread refetch (RealtimeBinding.spreadMs). */
export const REALTIME_REFETCH_SPREAD_MS = 3_000;

/**
 * Refetches TanStack Query data when matching events arrive (and all of it
 * after a resync), e.g. `[{ kinds: ['notification'], queryKey: ['notifications'] }]`.
 */
export function useRealtimeInvalidation(bindings: readonly RealtimeBinding[], enabled = true): void {
  const queryClient = useQueryClient();
  const current = useRef(bindings);
  const waiting = useRef(new Map<RealtimeBinding, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    current.current = bindings;
  });
  useEffect(() => {
    const timers = waiting.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);
  useRealtimeEvents(
    (event) => {
      for (const binding of current.current) {
        if (!matchesBinding(binding, event)) continue;
        if (!binding.spreadMs) {
          void queryClient.invalidateQueries({ queryKey: binding.queryKey });
          continue;
        }
        if (waiting.current.has(binding)) continue;
        const timer = setTimeout(() => {
          waiting.current.delete(binding);
          void queryClient.invalidateQueries({ queryKey: binding.queryKey });
        }, Math.random() * binding.spreadMs);
        waiting.current.set(binding, timer);
      }
    },
    () => {
      for (const binding of current.current) void queryClient.invalidateQueries({ queryKey: binding.queryKey });
    },
    enabled,
  );
}
