import { REALTIME_HEARTBEAT_MS, REALTIME_RECONNECT_DELAYS_MS, type RealtimeEvent } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDatabase } from '../../db/client';
import { operations } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { type RealtimeSignal } from '../../plugins/realtime';
import { canSeeDealRoom } from '../deal-room/deal-room.service';

export interface EventsRoutesOptions {
  /** Comment line interval (tests shorten it). */
  heartbeatMs?: number;
}

/**
 * Who hears what on GET /api/events (events carry ids only; pages refetch through
 * the routes that enforce access, so a delivered event never leaks data — the
 * filter keeps other people's activity private and the streams quiet):
 * - notification, profile: only the user they belong to.
 * - participation, waitlist: that buyer, the operation's seller and admins.
 * - operation: every signed-in user (operation figures — allocated, available,
 *   status — are shown to every signed-in user on the detail page anyway).
 * - message: the deal room's audience only (its buyers, its seller, admins).
 */
export function createEventFilter(
  db: AppDatabase,
  auth: AuthContext,
  sellerOf: (operationId: string) => Promise<string | null>,
) {
  const userId = auth.user.id;
  // Deal-room access per operation for this stream; forgotten when the user's own orders change.
  const dealRoomAccess = new Map<string, Promise<boolean>>();
  return {
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
          return event.operationId ? (await sellerOf(event.operationId)) === userId : false;
        }
        case 'operation':
          return true;
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

/** Server-Sent Events: one stream per tab, fed by the instance's one LISTEN (app.realtime). */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
  // An operation's seller never changes: one lookup per operation for the process's lifetime.
  const sellers = new Map<string, Promise<string | null>>();
  const sellerOf = (operationId: string) => {
    let seller = sellers.get(operationId);
    if (!seller) {
      seller = app.db
        .select({ sellerId: operations.sellerId })
        .from(operations)
        .where(eq(operations.id, operationId))
        .limit(1)
        .then(([row]) => row?.sellerId ?? null);
      seller.catch(() => sellers.delete(operationId));
      sellers.set(operationId, seller);
    }
    return seller.catch(() => null);
  };

  app.get(
    '/events',
    {
      schema: {
        summary: 'Live events (text/event-stream): ids of what changed, for the pages to refetch',
        tags: ['realtime'],
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw new AppError('UNAUTHENTICATED');
      const filter = createEventFilter(app.db, auth, sellerOf);
      const raw = reply.raw;

      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
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
      };
      const removeShutdown = app.realtime.onShutdown(() => {
        cleanup();
        raw.end();
      });
      request.raw.on('close', cleanup);
      raw.on('close', cleanup);
      raw.on('error', cleanup);
    },
  );
};
