import { type FastifyInstance } from 'fastify';
import { appPlugin } from './app-plugin';

/**
 * After the drain, how long requests still being answered may take before their connections are
 * cut: answers take milliseconds; this bounds a slow upload or a stuck client.
 */
export const IN_FLIGHT_GRACE_MS = 2_000;
/**
 * The whole stop after the drain (in-flight answers, then the job workers, then the database pool):
 * the process exits by force when it runs over. With the default drain (5 s in production) a stop
 * takes at most 9 s, inside `docker stop`'s 10 s (compose.yaml's stop_grace_period).
 */
export const CLOSE_BUDGET_MS = 4_000;

export interface StopState {
  /** True from the stop signal on: readiness answers 503 and every answer closes its connection. */
  readonly isStopping: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    stopState: StopState;
  }
}

const beginStopping = Symbol('beginStopping');
type StopControl = StopState & { [beginStopping](): void };

/**
 * The instance's stop state, and `Connection: close` on every answer once stopping: a client (the
 * load balancer) opens its next connection elsewhere, and no keep-alive connection is left open to
 * hold the stop up (Node's server.close() waits for them, which took 73 s with Fastify's 72 s
 * keep-alive timeout).
 */
export const gracefulStopPlugin = appPlugin(async (app) => {
  let isStopping = false;
  const state: StopControl = {
    get isStopping() {
      return isStopping;
    },
    [beginStopping]() {
      isStopping = true;
    },
  };
  app.decorate('stopState', state);
  app.addHook('onSend', async (request, reply, payload) => {
    if (isStopping && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    return payload;
  });
});

export interface GracefulStopOptions {
  /** How long to keep serving, not ready, before refusing new connections (0: none, e.g. Ctrl-C). */
  drainMs: number;
  /** Tests shorten it; defaults to IN_FLIGHT_GRACE_MS. */
  inFlightGraceMs?: number;
}

/**
 * Stops an app behind a load balancer without losing a request: report not-ready at once, keep
 * serving for the drain (the balancer's health check notices and sends requests elsewhere), then
 * stop accepting connections, close the idle ones, let the requests in flight finish (their
 * answers close their connections), and close the app: the job workers, then the database pool
 * (their onClose hooks, in that order). Requests still open after the grace are cut.
 */
export async function stopGracefully(app: FastifyInstance, options: GracefulStopOptions): Promise<void> {
  (app.stopState as StopControl)[beginStopping]();
  if (options.drainMs > 0) {
    app.log.info({ drainMs: options.drainMs }, 'draining: not ready, still serving');
    await new Promise((resolve) => setTimeout(resolve, options.drainMs));
  }
  // server.close() (inside app.close) stops accepting and closes the idle connections; the busy
  // ones close after their answer. Past the grace, whatever is left is cut so the database can close.
  const cutLeftovers = setTimeout(
    () => app.server.closeAllConnections(),
    options.inFlightGraceMs ?? IN_FLIGHT_GRACE_MS,
  );
  cutLeftovers.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cutLeftovers);
  }
}
