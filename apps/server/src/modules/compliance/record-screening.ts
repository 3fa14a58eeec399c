import { randomUUID } from 'node:crypto';
import { type ComplianceStatus, type ScreeningTrigger } from '@tradeops/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type AppTransaction, type Queryable } from '../../db/client';
import { type ScreeningMatchRecord, complianceCases, profiles, screenings } from '../../db/schema';
import { writeAudit } from '../audit/audit.service';
import { toNameKey } from './name-normalization';
import { type PreparedScreening, type ScreeningOptions, entryKeyOf, snapshotOf } from './prepare-screening';

/**
 * Recording a prepared screening in the caller's transaction: the screening row, a case for each new
 * match, the company's standing (profiles.compliance_status) from its cases.
 */

/** The standing a set of case statuses gives a company. */
export function standingOf(statuses: Iterable<string>): ComplianceStatus {
  let standing: ComplianceStatus = 'clear';
  for (const status of statuses) {
    if (status === 'confirmed') return 'blocked';
    if (status === 'open') standing = 'review';
  }
  return standing;
}

/** Sets a company's standing from all its cases (in the caller's transaction; locks the profile row). */
export async function refreshComplianceStatus(tx: AppTransaction, profileId: string): Promise<ComplianceStatus> {
  const rows = await tx
    .select({ status: complianceCases.status })
    .from(complianceCases)
    .where(and(eq(complianceCases.profileId, profileId), inArray(complianceCases.status, ['open', 'confirmed'])));
  const standing = standingOf(rows.map((row) => row.status));
  await tx
    .update(profiles)
    .set({ complianceStatus: standing })
    .where(and(eq(profiles.id, profileId), sql`${profiles.complianceStatus} <> ${standing}`));
  return standing;
}

/** A screening's record: what was screened, against which list versions and threshold, and the outcome. */
function screeningRow(
  id: string,
  prepared: PreparedScreening,
  trigger: ScreeningTrigger,
  options: ScreeningOptions,
  decision: ComplianceStatus,
  matches: ScreeningMatchRecord[],
): typeof screenings.$inferInsert {
  return {
    id,
    profileId: prepared.company.id,
    trigger,
    context: options.context ?? {},
    inputs: prepared.inputs,
    listVersions: prepared.versions,
    threshold: prepared.threshold,
    bestScore: prepared.bestScore,
    decision,
    matches,
    actorId: options.actorId,
  };
}

/**
 * Records screenings that found nothing (no hit: no case to open or find, the standing unchanged) in
 * one statement, which is atomic on its own: each batch of orders screens their parties, and most find
 * nothing. Answers each screening's outcome ('clear', as recordScreening answers a screening without hits).
 */
export async function recordClearScreenings(
  db: Queryable,
  screened: readonly { prepared: PreparedScreening; options: ScreeningOptions }[],
  trigger: ScreeningTrigger,
): Promise<ComplianceStatus[]> {
  if (screened.some((item) => item.prepared.hits.length > 0)) {
    throw new Error('recordClearScreenings: a screening has hits');
  }
  if (screened.length === 0) return [];
  await db
    .insert(screenings)
    .values(screened.map((item) => screeningRow(randomUUID(), item.prepared, trigger, item.options, 'clear', [])));
  return screened.map(() => 'clear');
}

/**
 * Writes one prepared screening in the caller's transaction: the screening record, a case for
 * each new match, the company's standing. Answers the standing and how many cases it opened.
 */
export async function recordScreening(
  tx: AppTransaction,
  prepared: PreparedScreening,
  trigger: ScreeningTrigger,
  options: ScreeningOptions,
): Promise<{ decision: ComplianceStatus; casesOpened: number }> {
  const { company, hits } = prepared;
  const screeningId = randomUUID();
  const identities = hits.map((hit) => ({
    hit,
    entryKey: entryKeyOf(hit.match),
    subjectKey: toNameKey(hit.subjectName),
  }));
  const existing =
    identities.length === 0
      ? []
      : await tx
          .select({
            id: complianceCases.id,
            status: complianceCases.status,
            subject: complianceCases.subject,
            entryKey: complianceCases.entryKey,
            subjectKey: complianceCases.subjectKey,
          })
          .from(complianceCases)
          .where(
            and(
              eq(complianceCases.profileId, company.id),
              inArray(
                complianceCases.entryKey,
                identities.map((identity) => identity.entryKey),
              ),
            ),
          );
  const newCases: (typeof complianceCases.$inferInsert)[] = [];
  const records: ScreeningMatchRecord[] = identities.map(({ hit, entryKey, subjectKey }) => {
    const found = existing.find(
      (row) => row.subject === hit.subject && row.entryKey === entryKey && row.subjectKey === subjectKey,
    );
    let caseId = found?.id ?? null;
    let caseStatus = found?.status ?? null;
    if (!found && !newCases.some((item) => item.entryKey === entryKey && item.subject === hit.subject)) {
      caseId = randomUUID();
      caseStatus = 'open';
      newCases.push({
        id: caseId,
        profileId: company.id,
        subject: hit.subject,
        subjectName: hit.subjectName,
        subjectKey,
        entryKey,
        entry: snapshotOf(hit.match),
        matchedName: hit.match.matchedName,
        score: hit.match.score,
        status: 'open',
        openedByScreeningId: screeningId,
      });
    }
    return {
      subject: hit.subject,
      entryId: hit.match.entry.id,
      listId: hit.match.entry.listId,
      source: hit.match.entry.source,
      ref: hit.match.entry.ref,
      listedName: hit.match.entry.name,
      matchedName: hit.match.matchedName,
      programs: hit.match.entry.programs,
      nameScore: hit.match.nameScore,
      score: hit.match.score,
      adjustments: hit.match.adjustments,
      identifierMatch: hit.match.identifierMatch,
      caseId,
      caseStatus,
    };
  });
  const decision = standingOf(records.map((record) => record.caseStatus ?? 'cleared'));
  await tx.insert(screenings).values(screeningRow(screeningId, prepared, trigger, options, decision, records));
  let casesOpened = 0;
  if (newCases.length > 0) {
    const opened = await tx
      .insert(complianceCases)
      .values(newCases)
      .onConflictDoNothing()
      .returning({ id: complianceCases.id, entryKey: complianceCases.entryKey });
    casesOpened = opened.length;
    for (const row of opened) {
      await writeAudit(tx, {
        actorId: options.actorId,
        action: 'compliance.case.opened',
        entityType: 'compliance_case',
        entityId: row.id,
        data: { profileId: company.id, entryKey: row.entryKey, screeningId, trigger },
      });
    }
    await refreshComplianceStatus(tx, company.id);
  }
  return { decision, casesOpened };
}
