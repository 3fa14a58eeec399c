import { type RescreenRun } from '@tradeops/shared';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { type AppDatabase } from '../../db/client';
import { profiles, rescreenRuns, screenings } from '../../db/schema';
import { getComplianceSettings } from './compliance-settings.service';
import { getScreeningIndex } from './screening-index';
import {
  type PreparedScreening,
  type ScreenedCompany,
  prepareScreening,
  screenedCompanyColumns,
} from './prepare-screening';
import { recordScreening } from './record-screening';

/**
 * Re-screening every company after a list version loads (a background job, progress in the back
 * office). Companies are taken in id order, a page at a time: the matcher runs in memory, letting
 * requests through between companies; then one transaction writes the page's screenings (one
 * multi-row insert for the clear ones, the case path for the hits) and the run's progress and
 * cursor. A job delivered twice, or a run interrupted, resumes after its cursor.
 */

const PAGE = 500;
/** Companies screened between two yields to the event loop. */
const YIELD_EVERY = 25;

type RunRow = typeof rescreenRuns.$inferSelect;

export function toRescreenRun(row: RunRow): RescreenRun {
  return {
    id: row.id,
    listId: row.listId,
    status: row.status,
    total: row.total,
    screened: row.screened,
    hits: row.hits,
    casesOpened: row.casesOpened,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const screenedProfiles = sql`not ${profiles.isAdmin} and not ${profiles.isStaff}`;

export async function rescreenCompanies(db: AppDatabase, runId: string, now = new Date()): Promise<void> {
  const [claimed] = await db
    .update(rescreenRuns)
    .set({ status: 'running', startedAt: sql`coalesce(${rescreenRuns.startedAt}, ${now})` })
    .where(and(eq(rescreenRuns.id, runId), inArray(rescreenRuns.status, ['queued', 'running'])))
    .returning();
  if (!claimed) return;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(profiles).where(screenedProfiles);
  await db.update(rescreenRuns).set({ total }).where(eq(rescreenRuns.id, runId));
  const loaded = await getScreeningIndex(db);
  const { screeningThreshold } = await getComplianceSettings(db);
  const context = { rescreenRunId: runId, ...(claimed.listId ? { listId: claimed.listId } : {}) };
  let cursor = claimed.cursor;
  for (;;) {
    const page: ScreenedCompany[] = await db
      .select(screenedCompanyColumns)
      .from(profiles)
      .where(cursor ? and(screenedProfiles, gt(profiles.id, cursor)) : screenedProfiles)
      .orderBy(asc(profiles.id))
      .limit(PAGE);
    if (page.length === 0) break;
    const prepared: PreparedScreening[] = [];
    for (const [position, company] of page.entries()) {
      prepared.push(prepareScreening(loaded, screeningThreshold, company));
      if (position % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
    }
    const last = page[page.length - 1]!.id;
    await db.transaction(async (tx) => {
      const clear = prepared.filter((item) => item.hits.length === 0);
      if (clear.length > 0) {
        await tx.insert(screenings).values(
          clear.map((item) => ({
            profileId: item.company.id,
            trigger: 'list_load' as const,
            context,
            inputs: item.inputs,
            listVersions: item.versions,
            threshold: item.threshold,
            bestScore: item.bestScore,
            decision: 'clear' as const,
            matches: [],
            actorId: null,
          })),
        );
      }
      let hits = 0;
      let casesOpened = 0;
      for (const item of prepared.filter((candidate) => candidate.hits.length > 0)) {
        const result = await recordScreening(tx, item, 'list_load', { actorId: null, context });
        hits += 1;
        casesOpened += result.casesOpened;
      }
      await tx
        .update(rescreenRuns)
        .set({
          screened: sql`${rescreenRuns.screened} + ${page.length}`,
          hits: sql`${rescreenRuns.hits} + ${hits}`,
          casesOpened: sql`${rescreenRuns.casesOpened} + ${casesOpened}`,
          cursor: last,
        })
        .where(eq(rescreenRuns.id, runId));
    });
    cursor = last;
    await yieldToRequests();
  }
  await db
    .update(rescreenRuns)
    .set({ status: 'done', finishedAt: new Date() })
    .where(and(eq(rescreenRuns.id, runId), eq(rescreenRuns.status, 'running')));
}
