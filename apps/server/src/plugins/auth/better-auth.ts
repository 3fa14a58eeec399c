import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tradeops/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { type FastifyBaseLogger } from 'fastify';
import { type AppConfig } from '../../config';
import { type AppDatabase } from '../../db/client';
import {
  hashVerificationIdentifier,
  isResetTokenIdentifier,
  keepNewestResetToken,
  revokeResetTokens,
} from './reset-tokens';
import { account, session, twoFactor, user, verification } from '../../db/schema';
import { scrubLogArguments } from '../log-serializers';
import { passwordHasher } from './password-hash';

/** Sessions last 30 days and slide: a request more than a day after the last refresh extends them. */
export const SESSION_EXPIRES_IN_SECONDS = 30 * 24 * 3600;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 3600;
export const RESET_TOKEN_EXPIRES_IN_SECONDS = 3600;
export const SESSION_COOKIE_PREFIX = 'tradeops';
/** A verification link stays valid for a day; the account can ask for a new one. */
export const EMAIL_VERIFICATION_EXPIRES_IN_SECONDS = 24 * 3600;
/** Two-factor sign-in: a pending challenge lasts 10 minutes; 10 wrong codes in a row lock the account's codes for 15. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;
export const TWO_FACTOR_LOCKOUT = { maxFailedAttempts: 10, durationSeconds: 15 * 60 } as const;

/** A web page of ours with a token (reset, verification), on the configured public origin. */
export function publicPageLink(publicUrl: string, path: string, token: string): string {
  const link = new URL(path, publicUrl);
  link.searchParams.set('token', token);
  return link.toString();
}

/** A mail with a link for one account: the reset page, or the page that confirms the address. */
export interface AccountLinkMail {
  userId: string;
  email: string;
  name: string;
  /** The web page, with the token. */
  link: string;
}

export interface CreateAuthOptions {
  db: AppDatabase;
  config: AppConfig;
  log: FastifyBaseLogger;
  sendResetPassword(mail: AccountLinkMail): Promise<void>;
  sendVerifyEmail(mail: AccountLinkMail): Promise<void>;
  /** Runs as the verification link proves the address: before the flag is set, and again after. */
  onAddressProved(userId: string): Promise<void>;
}

/**
 * Better Auth over our Drizzle tables: users, credential accounts (scrypt
 * hashes), database sessions and reset tokens. We call its server API from
 * our own routes (`auth.api.*`) and never mount its HTTP handler, so its
 * origin check never sees a request: the CSRF plugin guards every /api route
 * instead, ours and its alike.
 */
export function createAuth({
  db,
  config,
  log,
  sendResetPassword,
  sendVerifyEmail,
  onAddressProved,
}: CreateAuthOptions) {
  return betterAuth({
    appName: 'TradeOps',
    // PUBLIC_URL, never the request's Host: Better Auth's own links and origin checks use it.
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: config.trustedOrigins,
    secret: config.sessionSecret ?? undefined,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      password: passwordHasher(config.passwordHashing),
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_EXPIRES_IN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Better Auth consumed the token; any other one of the account dies with the old password.
      onPasswordReset: async ({ user: target }) => {
        await revokeResetTokens(db, target.id);
      },
      // The link is our web page on PUBLIC_URL, whatever Host or Origin the request carried.
      sendResetPassword: async ({ user: target, token }) => {
        const link = publicPageLink(config.publicUrl, '/reset-password', token);
        await sendResetPassword({ userId: target.id, email: target.email, name: target.name, link });
      },
    },
    // Reset tokens are stored as their SHA-256 (the kind prefix kept): the table never holds a usable link.
    verification: { storeIdentifier: { hash: hashVerificationIdentifier } },
    databaseHooks: {
      verification: {
        create: {
          // A newer reset link makes every older one of the account useless.
          after: async (row) => {
            if (isResetTokenIdentifier(row.identifier)) await keepNewestResetToken(db, row.value);
          },
        },
      },
    },
    // Our routes ask for the mail (after sign-up, and the resend button); the link opens our own page.
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_EXPIRES_IN_SECONDS,
      sendVerificationEmail: async ({ user: target, token }) => {
        const link = publicPageLink(config.publicUrl, '/verify-email', token);
        await sendVerifyEmail({ userId: target.id, email: target.email, name: target.name, link });
      },
      // The link proves the mailbox, not the sessions: none opened before it keeps anything (mailbox-password.ts).
      // Before the flag is set, so no earlier session ever sees the address verified; after, for any opened meanwhile.
      beforeEmailVerification: async (target) => {
        await onAddressProved(target.id);
      },
      afterEmailVerification: async (target) => {
        await onAddressProved(target.id);
      },
    },
    // Our columns Better Auth reads with the user and session (never from a request: input false).
    user: {
      additionalFields: {
        passwordSetViaMailboxAt: { type: 'date', required: false, input: false },
      },
    },
    plugins: [
      twoFactorPlugin({
        issuer: 'TradeOps',
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
        accountLockout: { enabled: true, ...TWO_FACTOR_LOCKOUT },
      }),
    ],
    session: {
      additionalFields: {
        mailboxPasswordSetAt: { type: 'date', required: false, input: false },
      },
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // No cookie cache: every request reads the session row, so a revocation is immediate everywhere.
      cookieCache: { enabled: false },
    },
    // Our own limiter (database-backed, per account and per IP) covers sign-in and reset.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isProduction },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const target =
          level === 'error' ? log.error.bind(log) : level === 'warn' ? log.warn.bind(log) : log.debug.bind(log);
        // Its extra arguments may be users or query errors: only the errors, scrubbed, are logged.
        target(scrubLogArguments(args), `better-auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
