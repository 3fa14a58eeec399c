import { DEFAULT_LANGUAGE } from '@tradeops/shared';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { emailOutbox, profiles } from '../../db/schema';
import { getAdminEmails } from '../../modules/settings/admin-settings.service';
import { appPlugin } from '../app-plugin';
import { translate } from '../i18n';
import { type Auth, SESSION_COOKIE_PREFIX, createAuth } from './better-auth';

export type Profile = typeof profiles.$inferSelect;

/** Who is calling: resolved once per /api request from the session cookie. */
export interface AuthContext {
  user: { id: string; email: string; name: string };
  profile: Profile;
  /** `is_admin` on the profile or an e-mail in ADMIN_EMAILS (spec §6). */
  isAdmin: boolean;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    betterAuth: Auth;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Fastify's incoming headers as the Fetch `Headers` Better Auth's API takes. */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** Passes the Set-Cookie lines of a Better Auth answer on to our reply. */
export function forwardSetCookies(reply: FastifyReply, headers: Headers | null | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length === 0) return;
  const existing = reply.getHeader('set-cookie');
  const previous = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...previous, ...cookies]);
}

export function hasSessionCookie(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').includes(`${SESSION_COOKIE_PREFIX}.session_token=`);
}

export function isAdminAccount(email: string, profile: Pick<Profile, 'isAdmin'>, adminEmails: readonly string[]) {
  return profile.isAdmin || adminEmails.includes(email.toLowerCase());
}

export async function loadProfile(db: AppDatabase, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row ?? null;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one mail through SMTP_URL (nodemailer, loaded only when SMTP is configured). */
async function sendThroughSmtp(smtpUrl: string, mail: OutgoingMail): Promise<void> {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(smtpUrl);
  try {
    await transport.sendMail({ from: `TradeOps <no-reply@${new URL(smtpUrl).hostname}>`, ...mail });
  } finally {
    transport.close();
  }
}

/**
 * Mail for a person: always written to the outbox table (admins read it in the
 * back office), sent through SMTP_URL when it is set (after the answer, so the
 * timing tells nobody whether the account exists; the row records sent_at or
 * the error), and logged outside production so a developer can follow a link.
 */
export async function queueEmail(
  db: AppDatabase,
  log: FastifyRequest['log'],
  options: { isProduction: boolean; smtpUrl: string | null },
  mail: OutgoingMail,
): Promise<void> {
  const [row] = await db.insert(emailOutbox).values(mail).returning({ id: emailOutbox.id });
  if (!options.isProduction) log.info({ to: mail.to, subject: mail.subject }, `e-mail queued:\n${mail.text}`);
  const { smtpUrl } = options;
  if (!smtpUrl || !row) return;
  void sendThroughSmtp(smtpUrl, mail)
    .then(() => db.update(emailOutbox).set({ sentAt: new Date(), attempts: 1 }).where(eq(emailOutbox.id, row.id)))
    .catch(async (error: unknown) => {
      log.warn({ err: error, to: mail.to }, 'e-mail not sent; it stays in the outbox');
      await db
        .update(emailOutbox)
        .set({ attempts: 1, lastError: String(error instanceof Error ? error.message : error).slice(0, 500) })
        .where(eq(emailOutbox.id, row.id))
        .catch(() => undefined);
    });
}

/** Better Auth on the app (`app.betterAuth`) and `request.auth` on every request. */
export const authPlugin = appPlugin<{ db: AppDatabase }>(async (app, options) => {
  const auth = createAuth({
    db: options.db,
    config: app.config,
    log: app.log,
    sendResetPassword: async ({ userId, email, name, link }) => {
      const profile = await loadProfile(options.db, userId);
      const lang = profile?.language ?? DEFAULT_LANGUAGE;
      await queueEmail(options.db, app.log, app.config, {
        to: email,
        subject: translate(lang, 'auth.resetMail.subject'),
        text: translate(lang, 'auth.resetMail.text', { name, link }),
      });
    },
  });
  app.decorate('betterAuth', auth);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || !hasSessionCookie(request)) return;
    const { headers, response } = await auth.api.getSession({
      headers: toFetchHeaders(request),
      returnHeaders: true,
    });
    // A sliding refresh (or a cleared cookie for a dead session) travels back with this answer.
    forwardSetCookies(reply, headers);
    if (!response) return;
    const profile = await loadProfile(options.db, response.user.id);
    if (!profile) return;
    request.auth = {
      user: { id: response.user.id, email: response.user.email, name: response.user.name },
      profile,
      isAdmin: isAdminAccount(response.user.email, profile, await getAdminEmails(options.db, app.config.adminEmails)),
      sessionId: response.session.id,
    };
  });
});
