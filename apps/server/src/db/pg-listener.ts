import pg from 'pg';

/** How the dedicated LISTEN connection shows in pg_stat_activity (tests find it there to kill it). */
export const LISTENER_APPLICATION_NAME = 'tradeops-realtime';
/** Waits before reconnecting after the listener's connection dropped; the last one repeats. */
export const LISTENER_RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000] as const;

export interface ListenOptions {
  /** The connection is (re)established and listening; `isReconnect` after a drop (events may have been missed). */
  onListening?: (info: { isReconnect: boolean }) => void;
  onError?: (error: Error) => void;
}

export interface ChannelListener {
  stop(): Promise<void>;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * LISTEN on PostgreSQL through one dedicated connection (not a pooled one: a
 * pooled client would be handed to queries and lose its LISTEN). When the
 * connection drops (server restart, pg_terminate_backend) it reconnects by
 * itself with backoff and LISTENs again, until stopped.
 */
export async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  options: ListenOptions = {},
): Promise<ChannelListener> {
  let client: pg.Client | null = null;
  let isStopped = false;
  let attempt = 0;
  let hasListened = false;
  let timer: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (isStopped || timer) return;
    const delay = LISTENER_RECONNECT_DELAYS_MS[Math.min(attempt, LISTENER_RECONNECT_DELAYS_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect().catch(() => scheduleReconnect());
    }, delay);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: LISTENER_APPLICATION_NAME });
    client = next;
    let hasDropped = false;
    const drop = (error?: Error) => {
      if (hasDropped) return;
      hasDropped = true;
      if (error) options.onError?.(error);
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      scheduleReconnect();
    };
    next.on('error', (error) => drop(error));
    next.on('end', () => drop());
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (isStopped) {
      await next.end().catch(() => undefined);
      return;
    }
    attempt = 0;
    options.onListening?.({ isReconnect: hasListened });
    hasListened = true;
  }

  // The first connection must succeed: a wrong URL should fail start-up, not retry forever.
  const first = new pg.Client({ connectionString: databaseUrl, application_name: LISTENER_APPLICATION_NAME });
  await first.connect();
  await first.end();
  await connect();

  return {
    stop: async () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        current.removeAllListeners('error');
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
