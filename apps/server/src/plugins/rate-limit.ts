import { API_KEY_RATE_LIMIT, CONTACT_RATE_LIMIT } from '@tradeops/shared';
import { lt, sql } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { type AppDatabase } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../errors';
import { appPlugin } from './app-plugin';

/** One limit: at most `points` attempts per key in a window of `durationSeconds`. */
export interface RateLimitRule {
  /** Names the counters in the table (`<name>:<key>`): unique per rule. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** One key of one rule, e.g. `[RATE_LIMITS.signInAddress, request.ip]`. */
export type RateLimitCheck = readonly [RateLimitRule, string];

/**
 * Every limit of the API in one place. Each is consumed before the work it protects
 * (one atomic upsert per key), so concurrent requests can never all read "9 of 10".
 */
export const RATE_LIMITS = {
  /** Failed sign-ins per account and address: an attacker elsewhere cannot lock the owner out. */
  signInAccountAddress: { name: 'sign-in:account-address', points: 10, durationSeconds: 15 * 60 },
  /** Failed sign-ins per address, whatever the accounts (one address guessing across accounts). */
  signInAddress: { name: 'sign-in:address', points: 50, durationSeconds: 15 * 60 },
  /** Sign-up attempts per address (an office or a fair's Wi-Fi shares one). */
  signUpAddress: { name: 'sign-up:address', points: 20, durationSeconds: 60 * 60 },
  /** Reset mails asked for per account, and per address. */
  resetAccount: { name: 'reset:account', points: 5, durationSeconds: 60 * 60 },
  resetAddress: { name: 'reset:address', points: 20, durationSeconds: 60 * 60 },
  /** Wrong current passwords per account in settings (a borrowed session guessing it). */
  passwordChangeAccount: { name: 'password-change:account', points: 10, durationSeconds: 15 * 60 },
  /** Verification mails asked for again (the resend button), per account. */
  verifyMailAccount: { name: 'verify-mail:account', points: 5, durationSeconds: 60 * 60 },
  /** Two-factor code (and password) guesses per signed-in account, and per address (sign-in's second step too). */
  twoFactorAccount: { name: 'two-factor:account', points: 10, durationSeconds: 15 * 60 },
  twoFactorAddress: { name: 'two-factor:address', points: 50, durationSeconds: 15 * 60 },
  /** Operation-room messages per author. */
  operationRoomMessage: { name: 'operation-room:message', points: 10, durationSeconds: 60 },
  /** Contact-form messages per address (the form states the limit: shared constant). */
  contactAddress: {
    name: 'contact:address',
    points: CONTACT_RATE_LIMIT.max,
    durationSeconds: CONTACT_RATE_LIMIT.windowMinutes * 60,
  },
  /** Requests per API key, whatever the route (a company's integration; docs/api.md). */
  apiKey: { name: 'api-key', ...API_KEY_RATE_LIMIT },
} as const satisfies Record<string, RateLimitRule>;

/** Expired counters older than this are deleted by the periodic sweep. */
const SWEEP_INTERVAL_MS = 5 * 60_000;

export interface RateLimits {
  /**
   * Takes one point from every key at once, before the attempt is made. When any key is
   * used up it throws RATE_LIMITED (429, Retry-After: the longest wait); the points taken
   * stay taken, refused or not, so a flood cannot slip between a read and a write.
   */
  consume(...checks: RateLimitCheck[]): Promise<void>;
  /** Gives one point back: an attempt that succeeded does not count against the caller. */
  refund(...checks: RateLimitCheck[]): Promise<void>;
  /** Forgets a key's count (a successful sign-in clears that account and address pair). */
  reset(...checks: RateLimitCheck[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

/**
 * Rate limits over rate-limiter-flexible's Drizzle store, in the app's own database
 * (table `rate_limits`), so every instance shares the counts, on PGlite and PostgreSQL alike.
 */
export function createRateLimits(db: AppDatabase): RateLimits {
  const limiters = new Map<string, RateLimiterDrizzle>();
  const limiterFor = (rule: RateLimitRule) => {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      limiter = new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        keyPrefix: rule.name,
        points: rule.points,
        duration: rule.durationSeconds,
        // The plugin sweeps expired rows itself, with a timer it stops on close.
        clearExpiredByTimeout: false,
      });
      limiters.set(rule.name, limiter);
    }
    return limiter;
  };

  return {
    async consume(...checks) {
      const outcomes = await Promise.allSettled(checks.map(([rule, key]) => limiterFor(rule).consume(key)));
      let waitMs = 0;
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') continue;
        // The library rejects with a RateLimiterRes when a key is used up, with an Error when the store fails.
        if (!(outcome.reason instanceof RateLimiterRes)) throw outcome.reason;
        waitMs = Math.max(waitMs, outcome.reason.msBeforeNext);
      }
      if (outcomes.some((outcome) => outcome.status === 'rejected')) {
        throw new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
      }
    },
    async refund(...checks) {
      await Promise.all(checks.map(([rule, key]) => limiterFor(rule).reward(key)));
    },
    async reset(...checks) {
      await Promise.all(checks.map(([rule, key]) => limiterFor(rule).delete(key)));
    },
  };
}

/** `app.rateLimits`, and a periodic sweep of expired counters. */
export const rateLimitPlugin = appPlugin<{ db: AppDatabase }>(async (app, { db }) => {
  app.decorate('rateLimits', createRateLimits(db));
  const sweep = setInterval(() => {
    db.delete(rateLimits)
      .where(lt(rateLimits.expire, sql`now()`))
      .catch((error: unknown) => app.log.warn({ err: error }, 'expired rate-limit counters not swept'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
});
