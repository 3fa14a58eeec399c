import { createHash, timingSafeEqual } from 'node:crypto';
import { inArray, isNull, sql } from 'drizzle-orm';
import { ZApiError } from '@tradeops/shared';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import { type DatabaseHandle } from '../db/client';
import { emailOutbox, webhookDeliveries } from '../db/schema';
import { appPlugin } from './app-plugin';
import { sendError } from './error-handler';
import { routeOf } from './request-log';

export const METRICS_PATH = '/metrics';
/** How often the event loop's lag is sampled for its histogram. */
const EVENT_LOOP_SAMPLE_MS = 100;

export interface MetricsPluginOptions {
  /** The bearer token a scraper must send; null: no /metrics at all (it answers 404). */
  token: string | null;
  database: DatabaseHandle;
  /** The number of open SSE streams of this instance (0 until the events routes are registered). */
  openStreams: () => number;
}

/** Equal tokens, compared in constant time (hashes first: timingSafeEqual wants equal lengths). */
export function isSameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerTokenOf(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Prometheus metrics on GET /metrics, behind `Authorization: Bearer $METRICS_TOKEN`: request
 * durations by route, the database pool, job queue depths, the e-mail outbox backlog, the open
 * SSE streams, prom-client's process and Node.js metrics (`process_*`: CPU, memory, file
 * descriptors; `nodejs_*`: heap, event-loop lag, GC) and a histogram of the event loop's lag.
 * A registry per app (not prom-client's global one), so apps in one process (the tests) count apart.
 * deploy/alerts.yml has example alerting rules on them.
 */
export const metricsPlugin = appPlugin<MetricsPluginOptions>(async (app, options) => {
  if (!options.token) return;
  const token = options.token;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // prom-client's nodejs_eventloop_lag_* are gauges (the last sample, or percentiles since the
  // last scrape); a histogram lets an alert ask for a quantile over any window. Sampled here: how
  // late a timer fires past its due time is the time the loop was busy with something else.
  const eventLoopLag = new Histogram({
    name: 'tradeops_event_loop_lag_seconds',
    help: `How late a timer due every ${EVENT_LOOP_SAMPLE_MS} ms fired: the time requests waited for the busy event loop`,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  let dueAt = performance.now() + EVENT_LOOP_SAMPLE_MS;
  const sampler = setInterval(() => {
    const now = performance.now();
    eventLoopLag.observe(Math.max(0, now - dueAt) / 1000);
    dueAt = now + EVENT_LOOP_SAMPLE_MS;
  }, EVENT_LOOP_SAMPLE_MS);
  sampler.unref();
  app.addHook('onClose', async () => clearInterval(sampler));
  const requestDuration = new Histogram({
    name: 'tradeops_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    if (route === METRICS_PATH) return;
    // Unmatched URLs are one label value: a scanner must not grow a series per path it tries.
    requestDuration.observe(
      { method: request.method, route: route ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'tradeops_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests); absent on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = options.database.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'tradeops_job_queue_jobs',
    help: 'Jobs in each pg-boss queue by state (queued includes deferred), as its supervisor last counted',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      try {
        for (const depth of await app.jobsStatus.queueDepths()) {
          this.set({ queue: depth.queue, state: 'queued' }, depth.queued);
          this.set({ queue: depth.queue, state: 'active' }, depth.active);
        }
      } catch (error) {
        app.log.warn({ err: error }, 'job queue depths not read for /metrics');
      }
    },
  });
  new Gauge({
    name: 'tradeops_email_outbox_unsent',
    help: 'E-mails written to the outbox and not sent yet',
    registers: [registry],
    async collect() {
      const [row] = await options.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(isNull(emailOutbox.sentAt));
      this.set(row?.count ?? 0);
    },
  });
  new Gauge({
    name: 'tradeops_webhook_deliveries_pending',
    help: 'Webhook deliveries waiting for their first try or a retry (or being sent)',
    registers: [registry],
    async collect() {
      const [row] = await options.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.status, ['pending', 'sending']));
      this.set(row?.count ?? 0);
    },
  });
  new Gauge({
    name: 'tradeops_realtime_open_streams',
    help: 'Server-Sent Events streams open on this instance',
    registers: [registry],
    collect() {
      this.set(options.openStreams());
    },
  });

  app.get(
    METRICS_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Prometheus metrics of this instance (text exposition format), for scrapers holding METRICS_TOKEN',
        tags: ['monitoring'],
        produces: ['text/plain'],
        response: {
          200: z.string().describe('Prometheus text: # HELP, # TYPE and one line per series'),
          401: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const given = bearerTokenOf(request.headers.authorization);
      if (given === null || !isSameToken(given, token)) {
        reply.header('www-authenticate', 'Bearer');
        return sendError(request, reply, 'UNAUTHENTICATED');
      }
      const body = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
    },
  );
});
