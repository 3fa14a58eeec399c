import { type AppTransaction } from '../db/client';

/** The queues of TradeOps' background work (pg-boss queue names). */
export const JOB_QUEUES = {
  /** Every minute: unpaid orders whose hold has passed expire and free their tons. */
  expireDueOrders: 'orders.expire-due',
  /** Every minute: waitlist invitations nobody claimed in time pass to the next in line (backstop of the job below). */
  expireDueInvitations: 'waitlist.expire-due-invitations',
  /** One delayed job per invitation, at its expiry. */
  expireInvitation: 'waitlist.expire-invitation',
  /** Every minute: operations still open at their deadline expire and refund their deposits. */
  expireDueOperations: 'operations.expire-due',
  /** Every minute, and whenever a notification is written: sends the outbox's due mails (and those whose worker died). */
  deliverDueMails: 'mail.deliver-due',
  /** One job per mail to send now or at its retry time (account mails, retries, an admin's resend). */
  deliverMail: 'mail.deliver',
  /** Every minute, and whenever a notification is written: sends the due webhook deliveries. */
  deliverDueWebhooks: 'webhooks.deliver-due',
  /** One job per webhook delivery at its retry time, or resent by its company. */
  deliverWebhook: 'webhooks.deliver',
  /** One job per uploaded or fetched sanctions list version: parse, write its entries, put it in force. */
  loadSanctionsList: 'compliance.load-list',
  /** One job per re-screening run (after a list version loads, or an admin's request). */
  rescreenCompanies: 'compliance.rescreen',
  /** Daily: fetch the lists from their configured addresses (does nothing unless an admin turned it on). */
  fetchSanctionsLists: 'compliance.fetch-lists',
  /** Daily: KYC renewal reminders 30 and 7 days before an approval lapses. */
  kycRenewalReminders: 'kyc.renewal-reminders',
} as const;
export type JobQueueName = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];

/** What each queue's worker does: made where the app is composed (app.ts, from jobs/handlers.ts). */
export type JobHandlers = Record<JobQueueName, (data: Record<string, unknown>) => Promise<void>>;

/**
 * Queues of earlier versions, removed at start-up with their schedule so no instance keeps queuing
 * work nobody takes (the order sweep was 'reservations.expire-due', then 'participations.expire-due' until migration 0030; the waitlist's hold was
 * an "offer" before migration 0016; the sweeps above expire whatever their pending jobs would have).
 */
export const RETIRED_QUEUES = [
  'reservations.expire-due',
  'participations.expire-due',
  'waitlist.expire-due-offers',
  'waitlist.expire-offer',
] as const;

/** The sweeps, each run on a schedule by whichever instance's cron pass comes first. */
export const SWEEP_QUEUES = [
  JOB_QUEUES.expireDueOrders,
  JOB_QUEUES.expireDueInvitations,
  JOB_QUEUES.expireDueOperations,
  JOB_QUEUES.deliverDueMails,
  JOB_QUEUES.deliverDueWebhooks,
] as const;

/** Work done once a day, at the given minute and hour (UTC). */
export const DAILY_QUEUES = [
  { name: JOB_QUEUES.fetchSanctionsLists, cron: '20 3 * * *' },
  { name: JOB_QUEUES.kycRenewalReminders, cron: '0 13 * * *' },
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
  /** Queues a job outside any transaction (an admin's "run now", a mail's retry, tests of the worker path). */
  trigger(name: JobQueueName, data?: Record<string, unknown>, options?: EnqueueOptions): Promise<void>;
}

/**
 * Queues a delivery's job again when someone sends it again by hand (an admin a mail, a company a webhook
 * delivery), inside the caller's transaction. The key is this resend's own: it is never folded into the
 * delivery's pending retry (keyed `id:attempts`) nor into an earlier resend.
 */
export function enqueueResend(tx: AppTransaction, jobs: JobQueue, name: JobQueueName, id: string): Promise<void> {
  return jobs.enqueue(tx, name, { id }, { singletonKey: `${id}:resent:${Date.now()}` });
}
