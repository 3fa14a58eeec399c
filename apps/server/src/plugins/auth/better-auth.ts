import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tradeops/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { type FastifyBaseLogger } from 'fastify';
import { type AppConfig } from '../../config';
import { type AppDatabase } from '../../db/client';
import { account, session, user, verification } from '../../db/schema';

/** Sessions last 30 days and slide: a request more than a day after the last refresh extends them. */
export const SESSION_EXPIRES_IN_SECONDS = 30 * 24 * 3600;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 3600;
export const RESET_TOKEN_EXPIRES_IN_SECONDS = 3600;
export const SESSION_COOKIE_PREFIX = 'tradeops';

export interface ResetPasswordMail {
  userId: string;
  email: string;
  name: string;
  /** The web page that sets the new password, with the token. */
  link: string;
}

export interface CreateAuthOptions {
  db: AppDatabase;
  config: AppConfig;
  log: FastifyBaseLogger;
  sendResetPassword(mail: ResetPasswordMail): Promise<void>;
}

/**
 * Better Auth over our Drizzle tables: users, credential accounts (scrypt
 * hashes), database sessions and reset tokens. We call its server API from
 * our own routes (`auth.api.*`) and never mount its HTTP handler, so its
 * origin check never sees a request: the CSRF plugin guards every /api route
 * instead, ours and its alike.
 */
export function createAuth({ db, config, log, sendResetPassword }: CreateAuthOptions) {
  return betterAuth({
    appName: 'TradeOps',
    baseURL: `http://${config.host}:${config.port}`,
    basePath: '/api/auth',
    secret: config.sessionSecret ?? undefined,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_EXPIRES_IN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The reset route passes its own page as redirectTo; Better Auth hands it back inside `url`.
      sendResetPassword: async ({ user: target, url, token }) => {
        const page = new URL(url).searchParams.get('callbackURL') ?? '/reset-password';
        const link = `${page}?token=${encodeURIComponent(token)}`;
        await sendResetPassword({ userId: target.id, email: target.email, name: target.name, link });
      },
    },
    session: {
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
        target({ args }, `better-auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
