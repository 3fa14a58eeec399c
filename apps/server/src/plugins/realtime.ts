import { REALTIME_CHANNEL, type RealtimeEvent, ZRealtimeEvent } from '@tradeops/shared';
import { type DatabaseHandle } from '../db/client';
import { type ChannelListener } from '../db/pg-listener';
import { appPlugin } from './app-plugin';

/** What a subscriber hears: a change announced by the database, or `resync` after the listener missed some. */
export type RealtimeSignal = { type: 'event'; event: RealtimeEvent } | { type: 'resync' };
export type RealtimeSubscriber = (signal: RealtimeSignal) => void;

export interface Realtime {
  /** Hears every event of this instance's one LISTEN; returns the unsubscribe function. */
  subscribe(subscriber: RealtimeSubscriber): () => void;
  /** Runs before the app closes (open streams end, so closing never waits for them). */
  onShutdown(handler: () => void): () => void;
  readonly subscriberCount: number;
  /** Whether the LISTEN connection is up (false between a drop and its reconnect): readiness. */
  readonly isListening: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * One LISTEN on REALTIME_CHANNEL per app instance (migration 0004's triggers
 * NOTIFY there at commit), fanned out in process to subscribers such as the
 * SSE streams. On PostgreSQL the listener has its own connection and
 * reconnects by itself; after a reconnect subscribers get `resync`, since
 * events sent meanwhile were lost.
 */
export const realtimePlugin = appPlugin<{ database: DatabaseHandle }>(async (app, { database }) => {
  const subscribers = new Set<RealtimeSubscriber>();
  const shutdownHandlers = new Set<() => void>();

  const publish = (signal: RealtimeSignal) => {
    for (const subscriber of subscribers) {
      try {
        subscriber(signal);
      } catch (error) {
        app.log.error({ err: error }, 'realtime subscriber failed');
      }
    }
  };

  const onPayload = (payload: string) => {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      app.log.warn({ payload }, 'realtime payload is not JSON');
      return;
    }
    const parsed = ZRealtimeEvent.safeParse(json);
    if (!parsed.success) {
      app.log.warn({ payload }, 'realtime payload does not match ZRealtimeEvent');
      return;
    }
    publish({ type: 'event', event: parsed.data });
  };

  let isListening = false;
  const listener: ChannelListener = await database.listen(REALTIME_CHANNEL, onPayload, {
    onListening: ({ isReconnect }) => {
      isListening = true;
      if (!isReconnect) return;
      app.log.info('realtime listener reconnected');
      publish({ type: 'resync' });
    },
    onError: (error) => {
      isListening = false;
      app.log.warn({ err: error }, 'realtime listener connection lost; reconnecting');
    },
  });

  app.decorate('realtime', {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    onShutdown(handler) {
      shutdownHandlers.add(handler);
      return () => shutdownHandlers.delete(handler);
    },
    get subscriberCount() {
      return subscribers.size;
    },
    get isListening() {
      return isListening;
    },
  } satisfies Realtime);

  // preClose: before the HTTP server waits for open connections, end the streams.
  app.addHook('preClose', async () => {
    for (const handler of [...shutdownHandlers]) handler();
    shutdownHandlers.clear();
  });
  app.addHook('onClose', async () => {
    subscribers.clear();
    await listener.stop();
  });
});
