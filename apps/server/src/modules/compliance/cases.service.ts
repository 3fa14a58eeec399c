import {
  type CaseDecisionRequest,
  type ComplianceCase,
  type ComplianceCaseDetailResponse,
  type ComplianceCasesQuery,
  type ComplianceCasesResponse,
  type CompanyScreening,
} from '@tradeops/shared';
import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { complianceCaseCounts, complianceCases, profiles, screenings, user } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../audit/audit.service';
import { refreshComplianceStatus } from './record-screening';

/** The back office's screening queue and case decisions (docs/compliance.md). */

const decider = alias(user, 'decider');

const caseColumns = {
  row: complianceCases,
  companyName: profiles.companyName,
  companyStatus: profiles.complianceStatus,
  email: user.email,
  decidedByEmail: decider.email,
};

function caseQuery(db: Queryable) {
  return db
    .select(caseColumns)
    .from(complianceCases)
    .innerJoin(profiles, eq(profiles.id, complianceCases.profileId))
    .leftJoin(user, eq(user.id, complianceCases.profileId))
    .leftJoin(decider, eq(decider.id, complianceCases.decidedBy));
}

type CaseQueryRow = Awaited<ReturnType<ReturnType<typeof caseQuery>['execute']>>[number];

function toCase({ row, companyName, companyStatus, email, decidedByEmail }: CaseQueryRow): ComplianceCase {
  return {
    id: row.id,
    profileId: row.profileId,
    companyName,
    email: email ?? null,
    subject: row.subject,
    subjectName: row.subjectName,
    matchedName: row.matchedName,
    score: row.score,
    status: row.status,
    entry: row.entry,
    decisionReason: row.decisionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedByEmail: decidedByEmail ?? null,
    createdAt: row.createdAt.toISOString(),
    companyStatus,
  };
}

/** Open cases wait in line (oldest first); decided ones and the whole list read newest first. */
function casesKeyset(status: ComplianceCasesQuery['status']): Keyset {
  return {
    at: complianceCases.createdAt,
    id: complianceCases.id,
    order: status === 'open' ? 'asc' : 'desc',
    idIsUuid: true,
  };
}

/**
 * The queue: one status a page at a time by cursor (compliance_cases_status_idx: status, created_at,
 * id), how many that status holds, and the counts per status.
 */
export async function listCases(db: AppDatabase, query: ComplianceCasesQuery): Promise<ComplianceCasesResponse> {
  const keyset = casesKeyset(query.status);
  const rows = await db
    .select({ ...caseColumns, cursorAt: cursorAtOf(keyset) })
    .from(complianceCases)
    .innerJoin(profiles, eq(profiles.id, complianceCases.profileId))
    .leftJoin(user, eq(user.id, complianceCases.profileId))
    .leftJoin(decider, eq(decider.id, complianceCases.decidedBy))
    .where(
      and(
        query.status === 'all' ? undefined : eq(complianceCases.status, query.status),
        afterCursor(keyset, query.cursor),
      ),
    )
    .orderBy(...keysetOrder(keyset))
    .limit(query.limit + 1);
  // Kept by triggers on compliance_cases (migration 0033): three rows, not a count over every case.
  const totals = await db.select().from(complianceCaseCounts);
  const of = (status: string) => totals.find((total) => total.status === status)?.cases ?? 0;
  const counts = { open: of('open'), confirmed: of('confirmed'), cleared: of('cleared') };
  const total = query.status === 'all' ? counts.open + counts.confirmed + counts.cleared : counts[query.status];
  return {
    ...toPage(
      rows,
      query,
      (row) => ({ at: row.cursorAt, id: row.row.id }),
      total,
      (kept) => kept.map(toCase),
    ),
    counts,
  };
}

/** A case with the company's latest screenings (what was screened, when, against which versions, who caused it). */
export async function getCase(db: AppDatabase, caseId: string): Promise<ComplianceCaseDetailResponse> {
  const [found] = await caseQuery(db).where(eq(complianceCases.id, caseId));
  if (!found) throw new AppError('NOT_FOUND');
  const actor = alias(user, 'actor');
  const history = await db
    .select({ row: screenings, actorEmail: actor.email })
    .from(screenings)
    .leftJoin(actor, eq(actor.id, screenings.actorId))
    .where(eq(screenings.profileId, found.row.profileId))
    .orderBy(desc(screenings.createdAt))
    .limit(20);
  return {
    case: toCase(found),
    screenings: history.map(({ row, actorEmail }) => ({
      id: row.id,
      trigger: row.trigger,
      decision: row.decision,
      bestScore: row.bestScore,
      threshold: row.threshold,
      companyName: row.inputs.companyName,
      personName: row.inputs.personName,
      listVersions: row.listVersions.map((version) => ({ source: version.source, publishedAt: version.publishedAt })),
      actorEmail: actorEmail ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Clears a case as a false positive or confirms it, with the reason, once (an open case only).
 * The company's standing follows in the same transaction: a confirmed hit blocks new orders and
 * offers and holds its escrow; clearing the last open case lifts the review.
 */
export async function decideCase(
  db: AppDatabase,
  admin: AuthContext,
  caseId: string,
  request: CaseDecisionRequest,
): Promise<ComplianceCaseDetailResponse> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(complianceCases)
      .set({
        status: request.decision === 'confirm' ? 'confirmed' : 'cleared',
        decidedBy: admin.user.id,
        decidedAt: now,
        decisionReason: request.reason,
        updatedAt: now,
      })
      .where(and(eq(complianceCases.id, caseId), eq(complianceCases.status, 'open')))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: complianceCases.id })
        .from(complianceCases)
        .where(eq(complianceCases.id, caseId));
      throw new AppError(exists ? 'CONFLICT' : 'NOT_FOUND');
    }
    const standing = await refreshComplianceStatus(tx, row.profileId);
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: request.decision === 'confirm' ? 'compliance.case.confirmed' : 'compliance.case.cleared',
      entityType: 'compliance_case',
      entityId: row.id,
      reason: request.reason,
      data: { profileId: row.profileId, entryKey: row.entryKey, score: row.score, standing },
    });
  });
  return getCase(db, caseId);
}

/** The standing (read by the caller with the company) and cases of each company on a KYC review page. */
export async function getCompanyScreenings(
  db: Queryable,
  companies: { id: string; status: CompanyScreening['status'] }[],
): Promise<Map<string, CompanyScreening>> {
  const result = new Map<string, CompanyScreening>();
  if (companies.length === 0) return result;
  const profileIds = companies.map((company) => company.id);
  const [rows, latest] = await Promise.all([
    caseQuery(db).where(inArray(complianceCases.profileId, profileIds)).orderBy(desc(complianceCases.createdAt)),
    // Each company's newest screening by one probe of screenings_profile_idx (a screening is written per
    // order: DISTINCT ON read every one of the page's companies had, 4.4 ms for 25 busy buyers on a year).
    db
      .select({
        profileId: profiles.id,
        // Qualified by hand: inside sql`` Drizzle names columns without their table, and "id" would be the screening's.
        createdAt: sql`(select s.created_at from ${screenings} s where s.profile_id = ${profiles}.id
          order by s.created_at desc limit 1)`.mapWith(screenings.createdAt),
      })
      .from(profiles)
      .where(inArray(profiles.id, profileIds)),
  ]);
  const lastScreenedAt = new Map(latest.map((row) => [row.profileId, row.createdAt as Date | null]));
  for (const { id, status } of companies) {
    result.set(id, {
      status,
      lastScreenedAt: lastScreenedAt.get(id)?.toISOString() ?? null,
      cases: rows.filter((row) => row.row.profileId === id).map(toCase),
    });
  }
  return result;
}
