import { eq, sql } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { authRateLimits } from '../../db/schema';
import { AppError } from '../../errors';

export interface RateLimitRule {
  /** Attempts allowed in one window. */
  max: number;
  windowSeconds: number;
}

/** Sign-in: failed attempts per account and per IP; reset: requests per account and per IP. */
export const RATE_LIMITS = {
  signInAccount: { max: 10, windowSeconds: 15 * 60 },
  signInIp: { max: 50, windowSeconds: 15 * 60 },
  resetAccount: { max: 5, windowSeconds: 60 * 60 },
  resetIp: { max: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** Seconds until the key's window ends when it is used up; null when another attempt is allowed. */
export async function getRetryAfter(db: AppDatabase, key: string, rule: RateLimitRule, now = new Date()) {
  const [row] = await db.select().from(authRateLimits).where(eq(authRateLimits.key, key)).limit(1);
  if (!row) return null;
  const endsAt = row.windowStartedAt.getTime() + rule.windowSeconds * 1000;
  if (endsAt <= now.getTime() || row.hits < rule.max) return null;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}

/** Counts one attempt in one atomic statement (safe with several app instances); returns the count in the window. */
export async function recordAttempt(db: AppDatabase, key: string, rule: RateLimitRule): Promise<number> {
  const expired = sql`${authRateLimits.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await db
    .insert(authRateLimits)
    .values({ key, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${authRateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${authRateLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: authRateLimits.hits });
  return row?.hits ?? 1;
}

export async function clearAttempts(db: AppDatabase, key: string): Promise<void> {
  await db.delete(authRateLimits).where(eq(authRateLimits.key, key));
}

/** Throws RATE_LIMITED (429 with Retry-After) when any of the keys is used up. */
export async function assertNotRateLimited(db: AppDatabase, checks: [string, RateLimitRule][]): Promise<void> {
  for (const [key, rule] of checks) {
    const retryAfter = await getRetryAfter(db, key, rule);
    if (retryAfter !== null) throw new AppError('RATE_LIMITED', { seconds: retryAfter });
  }
}
