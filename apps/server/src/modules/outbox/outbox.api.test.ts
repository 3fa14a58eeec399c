import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { auditLog, emailOutbox, orders } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { translate } from '../../plugins/i18n';
import { createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, placeOrder } from '../../test/deals';
import { PDF_BYTES, multipartBody } from '../../test/kyc-files';
import { type TestSmtpServer, startSmtpServer } from '../../test/smtp-server';
import { TEST_ORIGIN, testConfig } from '../../test/test-config';
import {
  type TestApp,
  type TestAppOptions,
  createScratchDatabase,
  createTestApp,
  sameOriginHeaders,
  signIn,
} from '../../test/test-app';
import { expireDueOrders } from '../orders/order-release.service';
import { deliverDueMails } from './outbox.service';

const FROM = 'TradeOps Avisos <avisos@tradeops.test>';
/** Retries in tenths of a second instead of minutes. */
const FAST_RETRY = { firstDelayMs: 100, maxDelayMs: 400 };

async function mailTo(smtp: TestSmtpServer, to: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        found = smtp.received.find(
          (mail) => mail.to && 'text' in mail.to && mail.to.text === to && mail.subject === subject,
        );
        return Boolean(found);
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
  return found!;
}

/** An app whose jobs deliver its mail to `smtp`, retrying in tenths of a second. */
function createMailingApp(smtp: TestSmtpServer, options: Pick<TestAppOptions, 'env' | 'mailRetry'> = {}) {
  return createTestApp({
    env: { JOBS: 'on', SMTP_URL: smtp.url, ...options.env },
    jobPollingIntervalSeconds: 0.5,
    mailRetry: { ...FAST_RETRY, ...options.mailRetry },
  });
}

/** Asks for a password reset of `to` (Spanish, the default) and waits for the mail to reach `smtp`. */
async function mailPasswordReset(t: TestApp, smtp: TestSmtpServer, to: string): Promise<ParsedMail> {
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/password/forgot',
    headers: sameOriginHeaders(),
    payload: { email: to },
  });
  return mailTo(smtp, to, translate('es', 'auth.resetMail.subject'));
}

async function outboxRowsTo(t: TestApp, to: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
}

describe('mail delivery through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createMailingApp(smtp, { env: { SMTP_FROM: FROM } });
    admin = await signIn(t, 'admin@tradeops.demo');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the password-reset mail from SMTP_FROM, in text and HTML, with its link on PUBLIC_URL', async () => {
    const to = 'comprador@tradeops.demo';
    const mail = await mailPasswordReset(t, smtp, to);
    expect(mail.from?.value).toEqual([{ name: 'TradeOps Avisos', address: 'avisos@tradeops.test' }]);
    // PUBLIC_URL is TEST_ORIGIN (http://localhost:80, the default port dropped).
    expect(new URL(TEST_ORIGIN).origin).toBe('http://localhost');
    expect(mail.text).toMatch(/http:\/\/localhost\/reset-password\?token=[\w-]+/);
    expect(mail.html).toMatch(/<a href="http:\/\/localhost\/reset-password\?token=[\w-]+"/);
    // Account mails cannot be turned off: no settings footer.
    expect(mail.text).not.toContain('/settings');
    await expect.poll(async () => (await outboxRowsTo(t, to))[0]?.status).toBe('sent');
  });

  it('sends the verification mail on sign-up in the language of the sign-up', async () => {
    const to = 'new-trader@example.test';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { ...sameOriginHeaders(), 'accept-language': 'en' },
      payload: {
        fullName: 'Ana Torres',
        email: to,
        password: 'Cafe-de-Origen-2025',
        companyName: 'Torres Trading S.A.',
        country: 'PE',
        companyType: 'trader',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await mailTo(smtp, to, 'Confirm your e-mail for TradeOps');
    expect(mail.text).toMatch(/^Hello Ana Torres,/);
    expect(mail.text).toMatch(/http:\/\/localhost\/verify-email\?token=[\w.-]+/);
    expect(mail.html).toContain('<html lang="en">');
  });

  it('sends a KYC decision with the reason escaped in the HTML and a link to the notification settings', async () => {
    const to = 'pendiente@tradeops.demo';
    const reason = '<b>Falta</b> el RUC & la dirección';
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/users/${demoUserId('pendiente')}/reject`,
      headers: admin,
      payload: { reason, revision: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await outboxRowsTo(t, to);
    const mail = await mailTo(smtp, to, row!.subject);
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain(`${translate('es', 'mail.openLink')}: http://localhost/kyc-cuenta`);
    expect(mail.text).toContain('http://localhost/buyer/settings');
    expect(mail.html).toContain('&lt;b&gt;Falta&lt;/b&gt; el RUC &amp; la dirección');
    expect(mail.html).not.toContain('<b>Falta</b>');
    expect(mail.html).toContain('href="http://localhost/buyer/settings"');
  });

  it('sends the payment confirmation and the waitlist invitation, each linking to its operation', async () => {
    const [buyer, waiting] = await createApprovedBuyers(t, 2, 'mail');
    const operation = await createOpenOperation(t.db, { totalTons: 10 });

    // Payment confirmation: proof uploaded, the admin confirms.
    const { id: paid } = await placeOrder(t.app, buyer!.headers, operation.id, 10);
    const form = multipartBody('recibo.pdf', PDF_BYTES, 'application/pdf');
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${paid}/proof`,
      headers: { ...buyer!.headers, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paid}/confirm`,
      headers: admin,
      payload: { proofRevision: 1 },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [confirmation] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, buyer!.email), eq(emailOutbox.kind, 'payment.confirmed')));
    const confirmed = await mailTo(smtp, buyer!.email, confirmation!.subject);
    expect(confirmed.text).toContain(`http://localhost/operation/${operation.id}/waiting`);

    // Waitlist invitation: a second operation, full; its order expires and the next in line is invited.
    const full = await createOpenOperation(t.db, { totalTons: 10 });
    const held = await placeOrder(t.app, buyer!.headers, full.id, 10);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/operations/${full.id}/waitlist`,
      headers: waiting!.headers,
      payload: { volume: 10 },
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, held.id));
    await expireDueOrders(t.db, t.app.jobs, new Date());
    const [invited] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, waiting!.email), eq(emailOutbox.kind, 'waitlist.invited')));
    const invitation = await mailTo(smtp, waiting!.email, invited!.subject);
    expect(invitation.text).toContain(`http://localhost/operation/${full.id}/waiting`);
    expect(invitation.html).toContain(`href="http://localhost/operation/${full.id}/waiting"`);
  });
});

describe('a server that refuses, and the admin outbox', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    // The first two deliveries are refused (451); mail to nobody@ is always refused (550).
    smtp = await startSmtpServer({ refuseFirst: 2, refuseRecipient: 'nobody@example.test' });
    t = await createMailingApp(smtp, { mailRetry: { maxAttempts: 3 } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('retries with backoff until the server takes the mail, and gives up after the last try keeping the error', async () => {
    const to = 'comprador@tradeops.demo';
    await mailPasswordReset(t, smtp, to);
    await expect
      .poll(async () => (await outboxRowsTo(t, to))[0])
      .toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.received).toHaveLength(1);

    const [row] = await t.db
      .insert(emailOutbox)
      .values({ to: 'nobody@example.test', subject: 'Nadie', text: 'Hola', kind: 'kyc.approved' })
      .returning();
    await t.app.jobs.trigger('mail.deliver-due');
    await expect
      .poll(async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id)))[0], {
        timeout: 15_000,
      })
      .toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    const [failed] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(failed!.lastError).toMatch(/550/);
  });

  it('lists the outbox for admins with state, tries and last error; resends a failed mail with an audit row', async () => {
    const buyer = await signIn(t, 'comprador@tradeops.demo');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: buyer })).statusCode).toBe(403);
    const [failed] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'nobody@example.test'));
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${failed!.id}/resend`, headers: buyer }))
        .statusCode,
    ).toBe(403);

    const admin = await signIn(t, 'admin@tradeops.demo');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().smtpConfigured).toBe(true);
    const listed = (list.json().items as { id: string }[]).find((mail) => mail.id === failed!.id);
    expect(listed).toMatchObject({ to: 'nobody@example.test', kind: 'kyc.approved', status: 'failed', attempts: 3 });
    expect(listed).toHaveProperty('lastError', failed!.lastError);

    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${failed!.id}/resend`,
      headers: admin,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'outbox.resent'), eq(auditLog.entityId, failed!.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.data).toMatchObject({ previousStatus: 'failed', attempts: 3 });
    // Its job runs: tried again (and refused again) from the start.
    await expect
      .poll(async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id)))[0]?.attempts, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    // A mail on its way or waiting cannot be resent; an unknown one is not found.
    const [pending] = await t.db
      .insert(emailOutbox)
      .values({
        to: 'later@example.test',
        subject: 'Luego',
        text: 'Hola',
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const conflict = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${pending!.id}/resend`,
      headers: admin,
    });
    expect(conflict.json().error.code).toBe('CONFLICT');
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${randomUUID()}/resend`,
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe.runIf(process.env.DATABASE_URL)('two app instances on one PostgreSQL database', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('send each outbox row exactly once while both sweep and run workers', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    const start = async (seed: boolean) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'tradeops-mail-'));
      const config = testConfig(dataDir, {
        DATABASE_URL: scratch.url,
        SEED_DEMO: seed ? 'true' : 'false',
        JOBS: 'on',
        SMTP_URL: smtp.url,
      });
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
      const app = await buildApp(config, { database, jobPollingIntervalSeconds: 0.5, mailRetry: FAST_RETRY });
      cleanups.push(async () => {
        await app.close();
        await rm(dataDir, { recursive: true, force: true });
      });
      return app;
    };
    const [one, two] = await Promise.all([start(true), start(false)]);
    const rows = await one.db
      .insert(emailOutbox)
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          to: `twin-${index}@example.test`,
          subject: `Twin ${index}`,
          text: 'Hola',
        })),
      )
      .returning({ id: emailOutbox.id });
    const ids = rows.map((row) => row.id);
    const delivery = (app: typeof one) => ({
      db: app.db,
      mailer: app.mailer,
      jobs: app.jobs,
      publicUrl: app.config.publicUrl,
      log: app.log,
    });
    await Promise.all([
      one.jobs.trigger('mail.deliver-due'),
      two.jobs.trigger('mail.deliver-due'),
      deliverDueMails(delivery(one)),
      deliverDueMails(delivery(two)),
      ...ids.map((id, index) => deliverDueMails(delivery(index % 2 === 0 ? one : two), id)),
    ]);
    await expect
      .poll(
        async () =>
          (
            await one.db
              .select()
              .from(emailOutbox)
              .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'sent')))
          ).length,
        { timeout: 15_000 },
      )
      .toBe(ids.length);
    expect(smtp.received).toHaveLength(ids.length);
    expect(new Set(smtp.received.map((mail) => mail.subject)).size).toBe(ids.length);
    const sent = await one.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(sent.every((row) => row.attempts === 1)).toBe(true);
  });
});
