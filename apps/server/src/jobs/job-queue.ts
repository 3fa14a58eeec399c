import { type AppTransaction } from '../db/client';

/** The queues of TradeOps' background work (pg-boss queue names). */
export const JOB_QUEUES = {
  /** Every minute: unpaid participations whose hold has passed expire and free their tons. */
  expireDueParticipations: 'participations.expire-due',
  /** Every minute: waitlist offers nobody claimed in time pass to the next in line (backstop of the job below). */
  expireDueOffers: 'waitlist.expire-due-offers',
  /** One delayed job per offer, at its expiry. */
  expireOffer: 'waitlist.expire-offer',
  /** Every minute: operations still open at their deadline expire and refund their deposits. */
  expireDueOperations: 'operations.expire-due',
} as const;
export type JobQueueName = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];

/**
 * Queues of earlier releases, under a name no worker listens to any more (the
 * participation sweep was 'reservations.expire-due'): deleted at boot with their
 * jobs and schedules, so an old schedule does not keep filling a dead queue.
 */
export const RETIRED_QUEUES = ['reservations.expire-due'] as const;

/** The sweeps, each run on a schedule by whichever instance's cron pass comes first. */
export const SWEEP_QUEUES = [
  JOB_QUEUES.expireDueParticipations,
  JOB_QUEUES.expireDueOffers,
  JOB_QUEUES.expireDueOperations,
] as const;

export interface EnqueueOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /** At most one queued job per key (e.g. the waitlist entry's id). */
  singletonKey?: string;
}

/**
 * What services see of the job queue: jobs are queued inside the caller's
 * transaction, so they exist only if it commits. Delivery is at least once:
 * every handler is idempotent.
 */
export interface JobQueue {
  enqueue(
    tx: AppTransaction,
    name: JobQueueName,
    data: Record<string, unknown>,
    options?: EnqueueOptions,
  ): Promise<void>;
  /** Queues a job now, outside any transaction (an admin's "run now", tests of the worker path). */
  trigger(name: JobQueueName, data?: Record<string, unknown>): Promise<void>;
}
