import { sql } from 'drizzle-orm';
import { type FastifyInstance } from 'fastify';
import { type ConstructorOptions, type DrizzleTransactionLike, PgBoss, fromDrizzle, fromPglite } from 'pg-boss';
import { type DatabaseHandle } from '../db/client';
import {
  DAILY_QUEUES,
  JOB_QUEUES,
  type JobHandlers,
  type JobQueue,
  type JobQueueName,
  RETIRED_QUEUES,
  SWEEP_QUEUES,
} from '../jobs/job-queue';
import { appPlugin } from './app-plugin';

/** Jobs waiting in one queue (pg-boss's counts, refreshed by its supervisor). */
export interface QueueDepth {
  queue: string;
  queued: number;
  active: number;
}

/** What health and metrics need to know about the job queue. */
export interface JobsStatus {
  /** Whether this instance is meant to run workers (JOBS=on). */
  readonly runsJobs: boolean;
  /** Whether its workers are started (always false with JOBS=off). */
  readonly areWorkersStarted: boolean;
  queueDepths(): Promise<QueueDepth[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    jobsStatus: JobsStatus;
  }
}

export interface JobsPluginOptions {
  database: DatabaseHandle;
  /** The PostgreSQL URL (null on PGlite): pg-boss keeps its own small pool there. */
  databaseUrl: string | null;
  /** Run workers and schedules on this instance (JOBS=on); off, it only queues. */
  runJobs: boolean;
  /** Seconds between a worker's polls (tests shorten it). */
  pollingIntervalSeconds?: number;
  /**
   * The workers' handlers, made where the app is composed (the modules' work sits above this plugin),
   * called once the app is ready when this instance runs jobs.
   */
  createHandlers: (app: FastifyInstance) => JobHandlers;
}

const EVERY_MINUTE = '* * * * *';
/**
 * A stopping app waits this long for a running handler (each is one short transaction or one
 * webhook request); one cut short runs again on another instance (at least once, idempotent).
 * Within the stop's budget (plugins/graceful-stop.ts).
 */
const STOP_TIMEOUT_MS = 1_500;

/**
 * The job queue (pg-boss, docs/architecture.md, Stack notes) in the app's own database: on PGlite
 * through `fromPglite`, on PostgreSQL through its own pool of two connections.
 * Jobs are queued inside business transactions (`fromDrizzle(tx, sql)`), so a
 * rolled-back decision leaves no job behind. Closing the app stops the workers
 * before the database closes (onClose hooks run in reverse order of registration).
 */
export const jobsPlugin = appPlugin<JobsPluginOptions>(async (app, options) => {
  const base: ConstructorOptions = {
    supervise: options.runJobs,
    schedule: options.runJobs,
    // Nobody reads the stats; no monitoring pass on an app that only queues.
    monitorVacuum: false,
  };
  const boss = options.database.pglite
    ? new PgBoss({ ...base, db: fromPglite(options.database.pglite), backend: 'pglite' })
    : new PgBoss({ ...base, connectionString: options.databaseUrl ?? undefined, max: 2 });
  boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
  await boss.start();

  for (const name of RETIRED_QUEUES) {
    await boss.unschedule(name);
    await boss.deleteQueue(name);
  }
  const queueNames = Object.values(JOB_QUEUES);
  for (const name of queueNames) {
    // 'exclusive': at most one queued or active job per singleton key (one expiry job per invitation).
    await boss.createQueue(name, { policy: 'exclusive', retryLimit: 5, retryDelay: 30, retryBackoff: true });
    // Warms pg-boss's queue cache now: a cache miss inside a transaction would query PGlite outside it and wait forever.
    await boss.findJobs(name, { key: 'cache-warm-up' });
  }

  const queue: JobQueue = {
    enqueue: async (tx, name, data, enqueueOptions = {}) => {
      await boss.send(name, data, {
        startAfter: enqueueOptions.startAfter,
        singletonKey: enqueueOptions.singletonKey,
        // The app's transaction type answers `execute` with the driver's result (rows inside).
        db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql),
      });
    },
    trigger: async (name, data = {}, triggerOptions = {}) => {
      await boss.send(name, data, { startAfter: triggerOptions.startAfter, singletonKey: triggerOptions.singletonKey });
    },
  };
  app.decorate('jobs', queue);

  let areWorkersStarted = false;
  app.decorate('jobsStatus', {
    runsJobs: options.runJobs,
    get areWorkersStarted() {
      return areWorkersStarted;
    },
    queueDepths: async () =>
      (await boss.getQueues(queueNames)).map((result) => ({
        queue: result.name,
        queued: result.queuedCount,
        active: result.activeCount,
      })),
  } satisfies JobsStatus);

  if (options.runJobs) {
    const handlers = options.createHandlers(app);
    await startWorkers(boss, handlers, options.pollingIntervalSeconds ?? 2);
    for (const name of SWEEP_QUEUES) await boss.schedule(name, EVERY_MINUTE, {}, { singletonKey: name });
    for (const { name, cron } of DAILY_QUEUES) await boss.schedule(name, cron, {}, { singletonKey: name });
    // A notification is written with its mail and its webhook deliveries (notifyUser): send them now
    // rather than at the next minute's sweep. Every instance hears every NOTIFY; keyed by the
    // notification, one job is queued for it however many instances hear it (one key for all would
    // drop a wake-up while one runs).
    const unsubscribe = app.realtime.subscribe((signal) => {
      if (signal.type === 'event' && signal.event.kind !== 'notification') return;
      const key = signal.type === 'event' ? `notification:${signal.event.id ?? ''}` : `resync:${Date.now()}`;
      for (const queueName of [JOB_QUEUES.deliverDueMails, JOB_QUEUES.deliverDueWebhooks]) {
        boss
          .send(queueName, {}, { singletonKey: key })
          .catch((error: unknown) => app.log.error({ err: error }, `could not queue ${queueName}`));
      }
    });
    app.addHook('onClose', async () => unsubscribe());
    areWorkersStarted = true;
  }

  app.addHook('onClose', async () => {
    areWorkersStarted = false;
    await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
  });
});

async function startWorkers(boss: PgBoss, handlers: JobHandlers, pollingIntervalSeconds: number): Promise<void> {
  for (const [name, handle] of Object.entries(handlers) as [JobQueueName, JobHandlers[JobQueueName]][]) {
    await boss.work<Record<string, unknown>>(name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await handle(job.data ?? {});
    });
  }
}
