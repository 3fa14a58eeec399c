import { DEFAULT_LANGUAGE, type Language } from '@tradeops/shared';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { emailOutbox, profiles, session, user } from '../../db/schema';
import { JOB_QUEUES, type JobQueue } from '../../jobs/job-queue';
import { appPlugin } from '../app-plugin';
import { sendError } from '../error-handler';
import { translate } from '../i18n';
import { RATE_LIMITS } from '../rate-limit';
import { forgetStoredAdminEmails, getAdminEmails } from './admin-emails';
import { type ApiKeyGrant, apiKeyOf, resolveApiKey } from './api-keys';
import {
  type AccountLinkMail,
  type Auth,
  SESSION_COOKIE_PREFIX,
  SESSION_EXPIRES_IN_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
  createAuth,
} from './better-auth';
import { endAccessOnVerification, isSessionUnderCurrentPassword } from './mailbox-password';
import { SessionCache } from './session-cache';

export type Profile = typeof profiles.$inferSelect;

/** The Better Auth user fields the app reads. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** When a mailed reset link set the current password (mailbox-password.ts); null: never since verification. */
  passwordSetViaMailboxAt: Date | null;
}

/** Who is calling: resolved once per /api request from the session cookie. */
export interface AuthContext {
  user: AuthUser;
  profile: Profile;
  /**
   * Admin rights in force: `is_admin` on the profile, or a verified e-mail on an
   * admin list (spec §6) whose password was set through the mailbox (isAdminAccount);
   * in production only with two-factor sign-in.
   */
  isAdmin: boolean;
  /** Admin rights that wait for a two-factor enrolment (production). */
  twoFactorEnrolmentRequired: boolean;
  /** Empty for a request made with an API key. */
  sessionId: string;
  /** The mailbox-password stamp this session was opened under (a session it replaces inherits it). */
  sessionMailboxPasswordSetAt: Date | null;
  /**
   * Set when the request authenticated with a company's API key instead of a session: then the
   * caller never has admin rights, and only routes that take keys (`config.apiKey`) answer.
   */
  apiKey?: ApiKeyGrant;
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

/** The cookies a Set-Cookie answer carries, as request headers (to act as the session it just made). */
export function cookiesFromSetCookie(setCookieHeaders: Headers): Headers {
  const cookie = setCookieHeaders
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return new Headers({ cookie });
}

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=([^;]*)`);

/** The signed session cookie's value, or null when the request carries none. */
export function sessionCookieOf(request: FastifyRequest): string | null {
  const match = SESSION_COOKIE_PATTERN.exec(request.headers.cookie ?? '');
  return match?.[1] ? match[1] : null;
}

/**
 * The session token of the session cookie a Better Auth answer sets (its cookie holds
 * `token.signature`, URI-encoded), or null when it sets none.
 */
export function sessionTokenSetBy(setCookieHeaders: Headers): string | null {
  for (const line of setCookieHeaders.getSetCookie()) {
    const match = SESSION_COOKIE_PATTERN.exec(line.split(';')[0] ?? '');
    if (!match?.[1]) continue;
    const value = decodeURIComponent(match[1]);
    const dot = value.lastIndexOf('.');
    return dot > 0 ? value.slice(0, dot) : null;
  }
  return null;
}

export function hasSessionCookie(request: FastifyRequest): boolean {
  return sessionCookieOf(request) !== null;
}

/**
 * Writes under these paths never change an account (orders, payment proofs, watching, the deal
 * room, the waitlist, notifications read, offers): the caller's cached session outlives them. Any other
 * successful write forgets the caller's cached sessions at once (read-your-writes on this
 * instance, before the database's announcement arrives), an admin's or an anonymous one
 * forgets every caller's.
 */
const ACCOUNT_NEUTRAL_WRITES = [
  '/api/operations/',
  '/api/orders/',
  '/api/participations/',
  '/api/notifications/',
  '/api/offers',
];

/** Whether the account's address is on an admin list (ADMIN_EMAILS or the stored one), compared case-insensitively. */
export function isListedAdminAddress(email: string, adminEmails: readonly string[]): boolean {
  const address = email.trim().toLowerCase();
  return adminEmails.some((listed) => listed.trim().toLowerCase() === address);
}

/**
 * Whether an account holds admin rights: the profile flag, or an address on an
 * admin list whose owner has proved the mailbox twice — the verification link,
 * then a password set through a mailed reset link after it (mailbox-password.ts).
 * Whoever signed up first with a listed address holds an ordinary account until then.
 */
export function isAdminAccount(
  account: Pick<AuthUser, 'email' | 'emailVerified' | 'passwordSetViaMailboxAt'>,
  profile: Pick<Profile, 'isAdmin'>,
  adminEmails: readonly string[],
): boolean {
  if (profile.isAdmin) return true;
  if (!account.emailVerified || account.passwordSetViaMailboxAt === null) return false;
  return isListedAdminAddress(account.email, adminEmails);
}

/**
 * A verified address on an admin list whose password is still the sign-up's: the admin door
 * tells its holder to set one through the mailbox.
 */
export function isAdminAwaitingMailboxPassword(
  account: Pick<AuthUser, 'email' | 'emailVerified' | 'passwordSetViaMailboxAt'>,
  profile: Pick<Profile, 'isAdmin'>,
  adminEmails: readonly string[],
): boolean {
  return (
    !profile.isAdmin &&
    account.emailVerified &&
    account.passwordSetViaMailboxAt === null &&
    isListedAdminAddress(account.email, adminEmails)
  );
}

/**
 * Admin rights as they apply now: in production an admin without two-factor
 * sign-in has none until enrolled (the admin door walks them through it).
 */
export function resolveAdminRights(
  account: Pick<AuthUser, 'email' | 'emailVerified' | 'twoFactorEnabled' | 'passwordSetViaMailboxAt'>,
  profile: Pick<Profile, 'isAdmin'>,
  adminEmails: readonly string[],
  requireTwoFactor: boolean,
): { isAdmin: boolean; twoFactorEnrolmentRequired: boolean } {
  const hasRights = isAdminAccount(account, profile, adminEmails);
  const twoFactorEnrolmentRequired = hasRights && requireTwoFactor && !account.twoFactorEnabled;
  return { isAdmin: hasRights && !twoFactorEnrolmentRequired, twoFactorEnrolmentRequired };
}

/** Two-factor sign-in is required of admins in production only (development and the demo work without). */
export function isAdminTwoFactorRequired(config: { isProduction: boolean }): boolean {
  return config.isProduction;
}

/** The Better Auth user fields an answer of its API carries. */
export interface BetterAuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled?: boolean | null;
  passwordSetViaMailboxAt?: Date | string | null;
}

/** A date field as Better Auth or Drizzle hand it over (a Date, an ISO string, or nothing). */
export function toDateOrNull(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

/** The caller's context (all but the session id) from a Better Auth user and our profile. */
export async function buildAuthContext(
  db: AppDatabase,
  config: { adminEmails: readonly string[]; isProduction: boolean },
  betterAuthUser: BetterAuthUser,
  profile: Profile,
): Promise<Omit<AuthContext, 'sessionId' | 'sessionMailboxPasswordSetAt'>> {
  const authUser: AuthUser = {
    id: betterAuthUser.id,
    email: betterAuthUser.email,
    name: betterAuthUser.name,
    emailVerified: betterAuthUser.emailVerified,
    twoFactorEnabled: betterAuthUser.twoFactorEnabled === true,
    passwordSetViaMailboxAt: toDateOrNull(betterAuthUser.passwordSetViaMailboxAt),
  };
  const rights = resolveAdminRights(
    authUser,
    profile,
    await getAdminEmails(db, config.adminEmails),
    isAdminTwoFactorRequired(config),
  );
  return { user: authUser, profile, ...rights };
}

export async function loadProfile(db: AppDatabase, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row ?? null;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** `auth.resetMail` or `auth.verifyMail`. */
  kind: string;
  language: Language;
  /** The account link the text carries (the HTML version makes a button of it). */
  link: string;
}

/**
 * Mail for a person: written to the outbox table (admins read it in the back office) and handed
 * to the mail worker through a job of its own (sent after the answer, so the timing tells nobody
 * whether the account exists; the row records the tries). Logged outside production so a
 * developer can follow a link.
 */
export async function queueEmail(
  db: AppDatabase,
  log: FastifyRequest['log'],
  options: { isProduction: boolean; jobs: JobQueue },
  mail: OutgoingMail,
): Promise<void> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      kind: mail.kind,
      language: mail.language,
      actionPath: mail.link,
    })
    .returning({ id: emailOutbox.id });
  if (!options.isProduction) log.info({ to: mail.to, subject: mail.subject }, `e-mail queued:\n${mail.text}`);
  if (row) await options.jobs.trigger(JOB_QUEUES.deliverMail, { id: row.id }, { singletonKey: row.id });
}

/** Better Auth on the app (`app.betterAuth`) and `request.auth` on every request. */
export const authPlugin = appPlugin<{ db: AppDatabase }>(async (app, options) => {
  /** The reset and verification mails: the same account link, in the account's language. */
  const queueAccountMail =
    (mail: 'auth.resetMail' | 'auth.verifyMail') =>
    async ({ userId, email, name, link }: AccountLinkMail) => {
      const lang = (await loadProfile(options.db, userId))?.language ?? DEFAULT_LANGUAGE;
      await queueEmail(
        options.db,
        app.log,
        { isProduction: app.config.isProduction, jobs: app.jobs },
        {
          to: email,
          subject: translate(lang, `${mail}.subject`),
          text: translate(lang, `${mail}.text`, { name, link }),
          kind: mail,
          language: lang,
          link,
        },
      );
    };
  const auth = createAuth({
    db: options.db,
    config: app.config,
    log: app.log,
    sendResetPassword: queueAccountMail('auth.resetMail'),
    sendVerifyEmail: queueAccountMail('auth.verifyMail'),
    onAddressProved: (userId) => endAccessOnVerification(options.db, userId),
  });
  app.decorate('betterAuth', auth);
  app.decorateRequest('auth', null);

  const sessions = new SessionCache<AuthContext>();
  const unsubscribe = app.realtime.subscribe((signal) => {
    if (signal.type === 'resync') {
      forgetStoredAdminEmails(options.db);
      sessions.clear();
    } else if (signal.event.kind === 'session') {
      if (signal.event.userId) sessions.forgetUser(signal.event.userId);
      else {
        forgetStoredAdminEmails(options.db);
        sessions.clear();
      }
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    sessions.clear();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    // A company's integration: the key alone says who calls (any session cookie is ignored).
    const key = apiKeyOf(request);
    if (key !== null) {
      const resolved = await resolveApiKey(options.db, key);
      if (!resolved) return sendError(request, reply, 'API_KEY_INVALID');
      await app.rateLimits.consume([RATE_LIMITS.apiKey, resolved.grant.id]);
      const [account] = await options.db.select().from(user).where(eq(user.id, resolved.userId)).limit(1);
      const profile = await loadProfile(options.db, resolved.userId);
      if (!account || !profile) return sendError(request, reply, 'API_KEY_INVALID');
      const context = await buildAuthContext(options.db, app.config, account, profile);
      request.auth = {
        ...context,
        // Keys never carry admin rights, whoever made them.
        isAdmin: false,
        twoFactorEnrolmentRequired: false,
        sessionId: '',
        sessionMailboxPasswordSetAt: null,
        apiKey: resolved.grant,
      };
      return;
    }
    const cookie = sessionCookieOf(request);
    if (!cookie) return;
    const cached = sessions.get(cookie);
    if (cached) {
      request.auth = cached;
      return;
    }
    const startedAt = sessions.tick;
    const { headers, response } = await auth.api.getSession({
      headers: toFetchHeaders(request),
      returnHeaders: true,
    });
    // A sliding refresh (or a cleared cookie for a dead session) travels back with this answer.
    forwardSetCookies(reply, headers);
    if (!response) return;
    const sessionStamp = toDateOrNull(response.session.mailboxPasswordSetAt);
    if (!isSessionUnderCurrentPassword(toDateOrNull(response.user.passwordSetViaMailboxAt), sessionStamp)) {
      // Opened before the password a mailed link set (a sign-in that raced the reset): it counts for nothing.
      await options.db.delete(session).where(eq(session.id, response.session.id));
      return;
    }
    const profile = await loadProfile(options.db, response.user.id);
    if (!profile) return;
    request.auth = {
      ...(await buildAuthContext(options.db, app.config, response.user, profile)),
      sessionId: response.session.id,
      sessionMailboxPasswordSetAt: sessionStamp,
    };
    // Only a cookie Better Auth did not rewrite: after a refresh the browser holds a new one.
    if (headers.getSetCookie().length === 0) {
      const expiresAt = new Date(response.session.expiresAt).getTime();
      sessions.set(
        cookie,
        {
          userId: response.user.id,
          value: request.auth,
          expiresAt,
          // Better Auth's own rule: it slides the expiry once expiresAt − expiresIn + updateAge has passed.
          refreshDueAt: expiresAt - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000,
        },
        startedAt,
      );
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    const path = request.url;
    if (!path.startsWith('/api/')) return;
    if (!request.auth || request.auth.isAdmin) sessions.clear();
    else if (!ACCOUNT_NEUTRAL_WRITES.some((prefix) => path.startsWith(prefix)))
      sessions.forgetUser(request.auth.user.id);
  });
});
