import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Counters of rate-limit-flexible's Drizzle store (plugins/rate-limit.ts): one row per
 * `<rule>:<key>`, `points` taken in the window that ends at `expire`. Shared by every app
 * instance; a consume is one atomic upsert, so concurrent requests never read a stale count.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: timestamptz('expire'),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
