import { type ReadinessResponse } from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { type JobsStatus } from '../../plugins/jobs';
import { type Storage } from '../../plugins/storage/storage';

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

type ReadinessChecks = NonNullable<ReadinessResponse['checks']>;

export interface ReadinessSources {
  db: AppDatabase;
  isRealtimeListening: boolean;
  jobs: JobsStatus;
  storage: Storage;
}

/** 'off' when the files are on this machine's disk (nothing to reach); else whether the bucket answers in time. */
async function checkStorage(storage: Storage): Promise<ReadinessChecks['storage']> {
  if (!storage.checkReachable) return 'off';
  return (await storage.checkReachable(HEALTH_TIMEOUT_MS)) ? 'ok' : 'failed';
}

/**
 * Whether this instance should get traffic: the database answers, the realtime LISTEN
 * connection is up (or SSE clients miss events), where it runs them the job workers
 * are started, and with STORAGE=s3 the bucket answers (or uploads and downloads fail).
 * Each check is named in the answer, so a 503 says which failed.
 */
export async function checkReadiness(sources: ReadinessSources): Promise<ReadinessResponse> {
  // Side by side: a hanging database and a hanging bucket cost one timeout, not two.
  const [database, storage] = await Promise.all([checkDatabase(sources.db), checkStorage(sources.storage)]);
  const checks: ReadinessChecks = {
    database: database ? 'ok' : 'failed',
    realtime: sources.isRealtimeListening ? 'ok' : 'failed',
    jobs: !sources.jobs.runsJobs ? 'off' : sources.jobs.areWorkersStarted ? 'ok' : 'failed',
    storage,
  };
  const isReady = Object.values(checks).every((check) => check !== 'failed');
  return { status: isReady ? 'ok' : 'unavailable', checks };
}
