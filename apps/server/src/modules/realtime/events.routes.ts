import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_MAX_STREAMS_PER_ACCOUNT,
  REALTIME_MAX_STREAMS_PER_ADDRESS,
  REALTIME_MAX_STREAMS_PER_INSTANCE,
  REALTIME_MAX_STREAMS_PER_SESSION,
  REALTIME_RECONNECT_DELAYS_MS,
  REALTIME_SESSION_CHECK_MS,
  type RealtimeCloseReason,
  type RealtimeEvent,
} from '@tradeops/shared';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { type AppDatabase } from '../../db/client';
import { operations, session } from '../../db/schema';
import { AppError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { type RealtimeSignal } from '../../plugins/realtime';
import { requireAuth } from '../../plugins/route-access';
import { canSeeDealRoom } from '../deal-room/deal-room.service';
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
/** Deal rooms whose access one stream remembers (least recently used forgotten first). */
export const DEAL_ROOM_ACCESS_MAX_ENTRIES = 256;
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
 * Who hears what on GET /api/events (events carry ids only; pages refetch through
 * the routes that enforce access — the filter keeps other people's activity, and the
 * ids of offers nobody else may read, private):
 * - notification, profile: only the user they belong to.
 * - participation, waitlist: that buyer, the operation's seller and admins.
 * - operation: for an approved operation every signed-in user (its figures — allocated,
 *   available, status — are on its detail page for anyone signed in); for a pending or
 *   rejected offer only its seller and admins.
 * - message: the deal room's audience only (its buyers, its seller, admins).
 * `audienceOf` reads the event's operation (once per event for all the streams of the instance).
 */
export function createEventFilter(
  db: AppDatabase,
  auth: AuthContext,
  audienceOf: (event: RealtimeEvent) => Promise<OperationAudience | null>,
) {
  const userId = auth.user.id;
  // Deal-room access per operation for this stream; forgotten when the user's own orders change, and
  // bounded (a stream open for days beside a busy marketplace hears messages of many deals).
  const dealRoomAccess = new LRUCache<string, Promise<boolean>>({ max: DEAL_ROOM_ACCESS_MAX_ENTRIES });
  return {
    /** Deal rooms whose access this stream remembers (bounded by DEAL_ROOM_ACCESS_MAX_ENTRIES). */
    get rememberedDealRooms(): number {
      return dealRoomAccess.size;
    },
    async shouldDeliver(event: RealtimeEvent): Promise<boolean> {
      switch (event.kind) {
        case 'notification':
        case 'profile':
          return event.userId === userId;
        case 'participation':
        case 'waitlist': {
          if (event.userId === userId) {
            if (event.operationId) dealRoomAccess.delete(event.operationId);
            return true;
          }
          if (auth.isAdmin) return true;
          return (await audienceOf(event))?.sellerId === userId;
        }
        case 'operation': {
          if (auth.isAdmin) return true;
          const audience = await audienceOf(event);
          return audience !== null && (audience.isPublic || audience.sellerId === userId);
        }
        case 'session':
          return false;
        case 'message': {
          if (!event.operationId) return false;
          if (auth.isAdmin) return true;
          let access = dealRoomAccess.get(event.operationId);
          if (!access) {
            access = canSeeDealRoom(db, auth, event.operationId).catch(() => false);
            dealRoomAccess.set(event.operationId, access);
          }
          return access;
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

  // Every stream hears the same event object: its operation is read once, when a stream first asks, and
  // forgotten with the event (nothing kept per operation, so nothing grows with the catalogue).
  const audiences = new WeakMap<RealtimeEvent, Promise<OperationAudience | null>>();
  const audienceOf = (event: RealtimeEvent) => {
    const { operationId } = event;
    if (!operationId) return Promise.resolve(null);
    let audience = audiences.get(event);
    if (!audience) {
      audience = app.db
        .select({ sellerId: operations.sellerId, kycStatus: operations.kycStatus })
        .from(operations)
        .where(eq(operations.id, operationId))
        .limit(1)
        .then(([row]) => (row ? { sellerId: row.sellerId, isPublic: row.kycStatus === 'approved' } : null))
        // Unreadable: nobody but admins hears it (a later event or a resync brings the pages back).
        .catch((error: unknown) => {
          app.log.warn({ err: error, operationId }, 'could not read the audience of a realtime event');
          return null;
        });
      audiences.set(event, audience);
    }
    return audience;
  };

  app.get(
    '/events',
    {
      schema: {
        summary: 'Live events (text/event-stream): ids of what changed, for the pages to refetch',
        tags: ['realtime'],
        produces: ['text/event-stream'],
        response: {
          200: z.string().describe('Server-Sent Events: `event: <kind>` and `data: {ids}` until the session ends'),
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
      const filter = createEventFilter(app.db, auth, audienceOf);
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
            if (await filter.shouldDeliver(signal.event)) send(`data: ${JSON.stringify(signal.event)}\n\n`);
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
