import { sql } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';

const HEALTH_TIMEOUT_MS = 3_000;

/** True when the database answers SELECT 1 within a few seconds. */
export async function checkDatabase(db: AppDatabase): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  });
  // A late failure after the timeout won must not become an unhandled rejection.
  const probe = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
