import { type FastifyInstance } from 'fastify';
import {
  type WebhookDeliverer,
  type WebhookRetryPolicy,
  WEBHOOK_RETRY,
  deliverDueWebhooks,
} from '../modules/integrations/webhook-delivery.service';
import { type HostResolver, resolveWithSystem } from '../modules/integrations/public-address';
import { expireDueOperations } from '../modules/operations/operation-end.service';
import { type MailDelivery, deliverDueMails } from '../modules/outbox/outbox.service';
import { expireDueOrders } from '../modules/orders/order-release.service';
import { expireDueInvitations, expireInvitation } from '../modules/waitlist/waitlist-invitations.service';
import { rescreenCompanies } from '../modules/compliance/rescreen.service';
import { sendKycRenewalReminders } from '../modules/kyc/kyc-renewal.service';
import { fetchSanctionsLists } from '../modules/compliance/fetch-sanctions-lists.service';
import { loadSanctionsList } from '../modules/compliance/sanctions-lists.service';
import { JOB_QUEUES, type JobHandlers } from './job-queue';

/**
 * What each queue's worker does. Every handler is idempotent (delivery is at
 * least once, and a sweep may meet work another instance just did): each change
 * is a conditional UPDATE under the operation's row lock that does nothing the
 * second time.
 */
export interface JobHandlerOptions {
  /** The webhook worker's retry waits (default WEBHOOK_RETRY; tests shorten them). */
  webhookRetry?: Partial<WebhookRetryPolicy>;
  /** How webhook hosts are resolved (default: the system's resolver). */
  resolveWebhookHost?: HostResolver;
}

export function createJobHandlers(app: FastifyInstance, options: JobHandlerOptions = {}): JobHandlers {
  const webhooks: WebhookDeliverer = {
    db: app.db,
    jobs: app.jobs,
    log: app.log,
    sessionSecret: app.config.sessionSecret!,
    allowInternalAddresses: app.config.allowPrivateWebhookAddresses,
    resolveHost: options.resolveWebhookHost ?? resolveWithSystem,
    retry: { ...WEBHOOK_RETRY, ...options.webhookRetry },
  };
  const mail: MailDelivery = {
    db: app.db,
    mailer: app.mailer,
    jobs: app.jobs,
    publicUrl: app.config.publicUrl,
    log: app.log,
  };
  const lists = { db: app.db, storage: app.storage, jobs: app.jobs, log: app.log };
  return {
    [JOB_QUEUES.expireDueOrders]: async () => {
      await expireDueOrders(app.db, app.jobs, new Date());
    },
    [JOB_QUEUES.expireDueInvitations]: async () => {
      await expireDueInvitations(app.db, app.jobs, new Date());
    },
    [JOB_QUEUES.expireInvitation]: async (data) => {
      if (typeof data.entryId === 'string') await expireInvitation(app.db, app.jobs, data.entryId, new Date());
    },
    [JOB_QUEUES.expireDueOperations]: async () => {
      await expireDueOperations(app.db, app.jobs, new Date());
    },
    [JOB_QUEUES.deliverDueMails]: async () => {
      await deliverDueMails(mail);
    },
    [JOB_QUEUES.deliverMail]: async (data) => {
      if (typeof data.id === 'string') await deliverDueMails(mail, data.id);
    },
    [JOB_QUEUES.deliverDueWebhooks]: async () => {
      await deliverDueWebhooks(webhooks);
    },
    [JOB_QUEUES.deliverWebhook]: async (data) => {
      if (typeof data.id === 'string') await deliverDueWebhooks(webhooks, data.id);
    },
    [JOB_QUEUES.loadSanctionsList]: async (data) => {
      if (typeof data.listId === 'string') await loadSanctionsList(lists, data.listId);
    },
    [JOB_QUEUES.rescreenCompanies]: async (data) => {
      if (typeof data.runId === 'string') await rescreenCompanies(app.db, data.runId);
    },
    [JOB_QUEUES.fetchSanctionsLists]: async () => {
      await fetchSanctionsLists(lists);
    },
    [JOB_QUEUES.kycRenewalReminders]: async () => {
      await sendKycRenewalReminders(app.db, new Date());
    },
  };
}
