import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/client';

/**
 * How many sessions of this database wait for a lock right now: the condition a concurrency test
 * polls for (`expect.poll`) before it lets the lock holder go on, instead of sleeping.
 */
export async function lockWaiters(db: Queryable): Promise<number> {
  const [row] = await selectRows<{ waiting: number }>(
    db,
    sql`select count(*)::int as waiting from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row?.waiting ?? 0;
}
