import { type Transporter, createTransport } from 'nodemailer';
import { appPlugin } from './app-plugin';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** How the outbox worker retries a mail the server refused or could not take. */
export interface MailRetryPolicy {
  /** Tries before a mail is given up (status failed, its last error kept). */
  maxAttempts: number;
  /** The wait after the first failure; it doubles after each next one, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed mail stays claimed: after it, a sweep takes over from a worker that died. */
  claimMs: number;
}

/** 30 s, 1, 2, 4, 8, 16, 32 min: eight tries over about an hour. */
export const MAIL_RETRY: MailRetryPolicy = {
  maxAttempts: 8,
  firstDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  claimMs: 5 * 60_000,
};

/** Hands a message to the SMTP server; rejects with the server's or the connection's error. */
export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
  retry: MailRetryPolicy;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** null without SMTP_URL: mails then wait in the outbox, where admins read them. */
    mailer: Mailer | null;
  }
}

/** A connection or an answer that takes longer is an error: the outbox row's claim lasts longer than this. */
export const SMTP_TIMEOUT_MS = 60_000;

/**
 * One pooled SMTP transport per instance (a few reused connections instead of one per mail),
 * from SMTP_URL, sending as SMTP_FROM. Closed with the app.
 */
export const mailerPlugin = appPlugin<{
  smtpUrl: string | null;
  from: string;
  /** Tests shorten the waits. */
  retry?: Partial<MailRetryPolicy>;
}>(async (app, options) => {
  if (!options.smtpUrl) {
    app.decorate('mailer', null);
    return;
  }
  const transport: Transporter = createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  app.decorate('mailer', {
    retry: { ...MAIL_RETRY, ...options.retry },
    send: async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    },
  });
  app.addHook('onClose', async () => {
    transport.close();
  });
});
