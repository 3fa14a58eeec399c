// Queues the server's own background jobs from a reliability script, the way the app's
// `jobs.trigger` does (apps/server/src/plugins/jobs.ts): a pg-boss job in the app's database, run
// by the worker of whichever server process (JOBS=on) fetches it first. The script runs no
// handler itself: what runs is the production sweep inside the server.
import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';

/** apps/server/src/jobs/job-queue.ts: the order sweep (unpaid orders past their hold expire). */
export const ORDER_SWEEP_QUEUE = 'orders.expire-due';
/** apps/server/src/jobs/job-queue.ts: the deadline sweep (open operations past their deadline expire and refund). */
export const OPERATION_DEADLINE_QUEUE = 'operations.expire-due';

/** A job in 'retry' already failed once (its handler threw): the caller counts it as failed. */
const FINISHED_STATES = new Set(['completed', 'retry', 'failed', 'cancelled']);

export async function openJobQueue(databaseUrl) {
  // Queues only: no supervision, no schedules, no schema changes (the server migrated it).
  const boss = new PgBoss({ connectionString: databaseUrl, supervise: false, schedule: false, migrate: false, max: 2 });
  const errors = [];
  boss.on('error', (error) => errors.push(error));
  await boss.start();
  return {
    errors,
    /**
     * Queues one run now. The queues are 'exclusive' (one queued or active job per key), so each
     * trigger gets its own key: two triggers are two runs, which may overlap on two instances.
     */
    async trigger(queue) {
      const id = await boss.send(queue, {}, { singletonKey: `reliability-${randomUUID()}` });
      if (!id) throw new Error(`pg-boss refused a ${queue} job`);
      return id;
    },
    /** Waits until the job has run; returns its row (state, startedOn, completedOn, output). */
    async waitForJob(queue, id, { timeoutMs = 30_000 } = {}) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const job = await boss.getJobById(queue, id);
        if (job && FINISHED_STATES.has(job.state)) return job;
        if (Date.now() > until) throw new Error(`${queue} job ${id} did not run within ${timeoutMs / 1000}s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => boss.stop({ graceful: false }),
  };
}
