import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_MAX_STREAMS_PER_ACCOUNT,
  REALTIME_MAX_STREAMS_PER_ADDRESS,
  REALTIME_MAX_STREAMS_PER_INSTANCE,
  REALTIME_MAX_STREAMS_PER_SESSION,
  REALTIME_RECONNECT_DELAYS_MS,
  REALTIME_SESSION_CHECK_MS,
  type OperationRoomLive,
  type LiveEvent,
  type RealtimeCloseReason,
  type RealtimeEvent,
} from '@tradeops/shared';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDatabase } from '../../db/client';
import { operations, session } from '../../db/schema';
import { AppError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { type RealtimeSignal } from '../../plugins/realtime';
import { requireAuth } from '../../plugins/route-access';
import { operationRoomBuyersAmong, getLiveMessage, toMessage } from '../operation-room/operation-room.service';
import { getOperationRoomLive } from '../operation-room/get-operation-room.service';
import { type LiveStream, type StreamLimits, StreamRegistry, streamAddressKey } from './stream-registry';

export interface EventsRoutesOptions {
  /** Comment line interval (tests shorten it). */
  heartbeatMs?: number;
  /** Caps on open streams (default REALTIME_MAX_STREAMS_PER_SESSION / _ACCOUNT / _ADDRESS / _INSTANCE; tests lower them). */
  limits?: Partial<StreamLimits>;
  /** Hands out a reader of the open stream count (for /metrics; the registry lives in this plugin). */
  exposeOpenStreams?: (count: () => number) => void;
}

/** Seconds a client refused at a cap is asked to wait (the web's longest reconnect delay). */
const BUSY_RETRY_AFTER_SECONDS = Math.ceil(REALTIME_RECONNECT_DELAYS_MS.at(-1)! / 1000);
/** Coalesces the announcements of one revocation (sign out everywhere deletes each session row). */
const SESSION_CHECK_DEBOUNCE_MS = 25;

/** Of `sessionIds`, those whose session row still exists and has not expired. */
async function findLiveSessionIds(db: AppDatabase, sessionIds: string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (let start = 0; start < sessionIds.length; start += 500) {
    const rows = await db
      .select({ id: session.id })
      .from(session)
      .where(and(inArray(session.id, sessionIds.slice(start, start + 500)), gt(session.expiresAt, sql`now()`)));
    for (const row of rows) live.add(row.id);
  }
  return live;
}

/** Who may hear about an operation: its seller, admins, and every signed-in user once an admin approved it. */
export interface OperationAudience {
  sellerId: string;
  /** Approved by an admin (whatever its later status): the rule of GET /api/operations/:id. */
  isPublic: boolean;
}

/**
 * What an instance reads about an event, once for all its streams (each read starts when a stream
 * first asks, and is forgotten with the event: nothing kept per operation or per stream).
 */
export interface EventReads {
  audienceOf(event: RealtimeEvent): Promise<OperationAudience | null>;
  /** Of the users with open streams here, the buyers who may see the event's operation room. */
  roomBuyersOf(event: RealtimeEvent): Promise<Set<string>>;
  /** The operation room's shared figures after the event (operation and order events). */
  roomOf(event: RealtimeEvent): Promise<OperationRoomLive | null>;
  /** The new message (message events). */
  messageOf(event: RealtimeEvent): Promise<LiveMessageRow | null>;
}

type LiveMessageRow = NonNullable<Awaited<ReturnType<typeof getLiveMessage>>>;

/**
 * Who hears what on GET /api/events, and what the event carries:
 * - notification, profile: only the user they belong to (ids only).
 * - order, waitlist: that buyer, the operation's seller and admins.
 * - operation: for an approved operation every signed-in user (its figures — allocated,
 *   available, status — are on its detail page for anyone signed in); for a pending or
 *   rejected offer only its seller and admins.
 * - message: the operation room's audience only (its buyers, its seller, admins).
 * Operation rooms are patched, not refetched: a message event carries the message (worded for the
 * viewer), and an operation or order event carries the room's shared figures to those who
 * may see the room (ZLiveEvent); the reads behind them are made once per event (`reads`).
 * Returns what to send, or null.
 */
export function createEventFilter(auth: AuthContext, reads: EventReads) {
  const userId = auth.user.id;
  const mayEnterRoom = async (event: RealtimeEvent, audience?: OperationAudience | null) => {
    if (auth.isAdmin) return true;
    if ((audience ?? (await reads.audienceOf(event)))?.sellerId === userId) return true;
    return (await reads.roomBuyersOf(event)).has(userId);
  };
  const withRoom = async (event: RealtimeEvent, audience?: OperationAudience | null): Promise<LiveEvent> => {
    if (!(await mayEnterRoom(event, audience))) return event;
    const room = await reads.roomOf(event);
    return room ? { ...event, room } : event;
  };
  return {
    async toSend(event: RealtimeEvent): Promise<LiveEvent | null> {
      switch (event.kind) {
        case 'notification':
        case 'profile':
          return event.userId === userId ? event : null;
        case 'waitlist': {
          if (event.userId === userId || auth.isAdmin) return event;
          return (await reads.audienceOf(event))?.sellerId === userId ? event : null;
        }
        case 'order': {
          // The buyer's own order: their page reads it again (what it shows is theirs alone).
          if (event.userId === userId) return event;
          if (auth.isAdmin) return withRoom(event);
          const audience = await reads.audienceOf(event);
          return audience?.sellerId === userId ? withRoom(event, audience) : null;
        }
        case 'operation': {
          if (auth.isAdmin) return withRoom(event);
          const audience = await reads.audienceOf(event);
          if (audience === null || !(audience.isPublic || audience.sellerId === userId)) return null;
          return withRoom(event, audience);
        }
        case 'session':
          return null;
        case 'message': {
          if (!event.operationId || !(await mayEnterRoom(event))) return null;
          const row = await reads.messageOf(event);
          return row ? { ...event, message: toMessage(row, row.sellerId, userId) } : event;
        }
      }
    },
  };
}

/**
 * Server-Sent Events: one stream per tab, fed by the instance's one LISTEN (app.realtime).
 * Open streams are capped per session and per account (the oldest closes), per client address
 * (429 beyond) and per instance (503 beyond) — StreamRegistry —, and a stream closes within moments of its session ending: migration 0005's triggers announce
 * every change to a user's session rows on every instance, each instance re-checks the
 * sessions of that user's open streams and closes those whose row is gone or expired; a
 * periodic re-check of all of them is the backstop (expiry, announcements lost meanwhile).
 */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
  const streams = new StreamRegistry({
    perSession: options.limits?.perSession ?? REALTIME_MAX_STREAMS_PER_SESSION,
    perAccount: options.limits?.perAccount ?? REALTIME_MAX_STREAMS_PER_ACCOUNT,
    perAddress: options.limits?.perAddress ?? REALTIME_MAX_STREAMS_PER_ADDRESS,
    perInstance: options.limits?.perInstance ?? REALTIME_MAX_STREAMS_PER_INSTANCE,
  });
  options.exposeOpenStreams?.(() => streams.size);

  // Session re-checks: which users' streams (or all) to look at, run one at a time.
  const usersToCheck = new Set<string>();
  let isCheckingAll = false;
  let checkTimer: ReturnType<typeof setTimeout> | null = null;
  let checking = Promise.resolve();
  const runSessionCheck = async () => {
    const ids = isCheckingAll ? streams.sessionIds() : [...usersToCheck].flatMap((id) => streams.sessionIds(id));
    usersToCheck.clear();
    isCheckingAll = false;
    if (ids.length === 0) return;
    const live = await findLiveSessionIds(app.db, ids);
    for (const id of ids) if (!live.has(id)) streams.closeSession(id, 'session_ended');
  };
  const scheduleSessionCheck = (userId?: string) => {
    if (userId === undefined) isCheckingAll = true;
    else usersToCheck.add(userId);
    if (checkTimer) return;
    checkTimer = setTimeout(() => {
      checkTimer = null;
      checking = checking
        .then(runSessionCheck)
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not re-check the sessions of live streams'));
    }, SESSION_CHECK_DEBOUNCE_MS);
  };
  const unsubscribeSessions = app.realtime.subscribe((signal) => {
    if (signal.type === 'resync') scheduleSessionCheck();
    // Without a userId it is a platform setting: no session ended.
    else if (
      signal.event.kind === 'session' &&
      signal.event.userId &&
      streams.sessionIds(signal.event.userId).length > 0
    ) {
      scheduleSessionCheck(signal.event.userId);
    }
  });
  const periodicCheck = setInterval(() => {
    if (streams.size > 0) scheduleSessionCheck();
  }, REALTIME_SESSION_CHECK_MS);
  periodicCheck.unref();
  app.addHook('onClose', async () => {
    unsubscribeSessions();
    clearInterval(periodicCheck);
    if (checkTimer) clearTimeout(checkTimer);
    await checking;
  });

  // Every stream hears the same event object: what it needs is read once, when a stream first asks, and
  // forgotten with the event (nothing kept per operation, so nothing grows with the catalogue).
  const once = <T>(fallback: T, what: string, read: (event: RealtimeEvent) => Promise<T>) => {
    const results = new WeakMap<RealtimeEvent, Promise<T>>();
    return (event: RealtimeEvent): Promise<T> => {
      let result = results.get(event);
      if (!result) {
        // Unreadable: nobody but admins hears it, or it goes out without its change (a later event
        // or a resync brings the pages back).
        result = read(event).catch((error: unknown) => {
          app.log.warn(
            { err: error, operationId: event.operationId },
            `could not read the ${what} of a realtime event`,
          );
          return fallback;
        });
        results.set(event, result);
      }
      return result;
    };
  };
  const reads: EventReads = {
    audienceOf: once(null, 'audience', async ({ operationId }) => {
      if (!operationId) return null;
      const [row] = await app.db
        .select({ sellerId: operations.sellerId, reviewStatus: operations.reviewStatus })
        .from(operations)
        .where(eq(operations.id, operationId))
        .limit(1);
      return row ? { sellerId: row.sellerId, isPublic: row.reviewStatus === 'approved' } : null;
    }),
    roomBuyersOf: once(new Set<string>(), 'operation-room audience', async ({ operationId }) =>
      operationId ? operationRoomBuyersAmong(app.db, operationId, streams.userIds()) : new Set<string>(),
    ),
    roomOf: once(null, 'operation room', async ({ operationId }) =>
      operationId ? getOperationRoomLive(app.db, operationId) : null,
    ),
    messageOf: once(null, 'message', async ({ id }) => (id ? getLiveMessage(app.db, id) : null)),
  };

  app.get(
    '/events',
    {
      schema: {
        summary: 'Live events (text/event-stream): what changed, for the pages to patch or refetch',
        tags: ['realtime'],
        produces: ['text/event-stream'],
        response: {
          200: z
            .string()
            .describe(
              'Server-Sent Events: `event: <kind>` and `data: {ids}` (ZLiveEvent: an operation room’s new message or shared figures with it) until the session ends',
            ),
          ...errorResponses(401, 503),
        },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // request.ip is the client's address as TRUST_PROXY resolves it.
      const address = streamAddressKey(request.ip);
      const admission = streams.admit({ sessionId: auth.sessionId, userId: auth.user.id, address });
      if (admission === 'address_full') throw new AppError('RATE_LIMITED', { seconds: BUSY_RETRY_AFTER_SECONDS });
      if (admission === 'instance_full') {
        reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      const filter = createEventFilter(auth, reads);
      const raw = reply.raw;

      reply.hijack();
      raw.writeHead(200, {
        // Hijacked: the headers set so far (security headers, a refreshed cookie) would otherwise be lost.
        ...Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined)),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // Proxies (nginx) must not buffer the stream.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${REALTIME_RECONNECT_DELAYS_MS[0]}\n\n`);
      raw.write('event: ready\ndata: {}\n\n');

      let isOpen = true;
      const send = (chunk: string) => {
        if (isOpen && !raw.writableEnded) raw.write(chunk);
      };
      // Events are delivered in the order they were heard, even when a filter has to ask the database.
      let queue = Promise.resolve();
      const unsubscribe = app.realtime.subscribe((signal: RealtimeSignal) => {
        queue = queue
          .then(async () => {
            if (signal.type === 'resync') return send('event: resync\ndata: {}\n\n');
            const live = await filter.toSend(signal.event);
            if (live) send(`data: ${JSON.stringify(live)}\n\n`);
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'realtime delivery failed'));
      });
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();

      const cleanup = () => {
        if (!isOpen) return;
        isOpen = false;
        clearInterval(heartbeat);
        unsubscribe();
        removeShutdown();
        streams.remove(live);
      };
      const live: LiveStream = {
        sessionId: auth.sessionId,
        userId: auth.user.id,
        address,
        close(reason: RealtimeCloseReason) {
          send(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
          cleanup();
          raw.end();
        },
      };
      const removeShutdown = app.realtime.onShutdown(() => {
        cleanup();
        raw.end();
      });
      request.raw.on('close', cleanup);
      raw.on('close', cleanup);
      raw.on('error', cleanup);
      streams.add(live);
    },
  );
};
