import { randomUUID } from 'node:crypto';
import { type ComplianceStatus, type ScreeningSubject, type ScreeningTrigger } from '@tradeops/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction, type Queryable } from '../../db/client';
import {
  type CaseEntrySnapshot,
  type ScreeningInputs,
  type ScreeningMatchRecord,
  complianceCases,
  participations,
  operations,
  profiles,
  screenings,
} from '../../db/schema';
import { writeAudit } from '../audit/audit.service';
import { getComplianceSettings } from './compliance-settings.service';
import { toNameKey } from './name-normalization';
import { type ScreeningMatch } from './sanctions-index';
import { type ActiveListVersion, type LoadedScreeningIndex, getScreeningIndex } from './screening-index';

/**
 * AML screening of companies (docs/compliance.md): the company's name and tax id and the name of
 * the person who signed it up, against every sanctions list in force. Each screening is recorded
 * (list versions, inputs, threshold, scores, outcome, who caused it); a match at or above the
 * threshold opens a case, unless the same match of the same name is already a case. The
 * company's standing (profiles.compliance_status) follows its cases: 'review' while one is open,
 * 'blocked' once one is confirmed. The checks that act on the standing (orders, offers, escrow)
 * are in compliance-gates.service.ts.
 */

export interface ScreeningOptions {
  actorId: string | null;
  /** What the screening was for (operation, participation, list version ids). */
  context?: Record<string, string>;
}

/** The profile fields a screening reads. */
export interface ScreenedCompany {
  id: string;
  fullName: string;
  companyName: string;
  taxId: string | null;
  country: string | null;
  birthDate: string | null;
}

interface SubjectMatch {
  subject: ScreeningSubject;
  subjectName: string;
  match: ScreeningMatch;
}

/** What the matcher found for one company, before anything is written. */
export interface PreparedScreening {
  company: ScreenedCompany;
  inputs: ScreeningInputs;
  versions: ActiveListVersion[];
  threshold: number;
  bestScore: number;
  hits: SubjectMatch[];
}

export const screenedCompanyColumns = {
  id: profiles.id,
  fullName: profiles.fullName,
  companyName: profiles.companyName,
  taxId: profiles.taxId,
  country: profiles.country,
  // The signer's date of birth, from the identity document when its holder gave it.
  // Spelled out: inside a one-table select Drizzle writes columns unqualified, and "id" would be the document's.
  birthDate: sql<string | null>`(select identity.holder_birth_date::text from user_documents identity
    where identity.user_id = "profiles"."id" and identity.document_type = 'government_id')`,
} as const;

/** Runs the matcher for one company (no database access: the index is in memory). */
export function prepareScreening(
  loaded: LoadedScreeningIndex,
  threshold: number,
  company: ScreenedCompany,
): PreparedScreening {
  const inputs: ScreeningInputs = {
    companyName: company.companyName,
    taxId: company.taxId,
    country: company.country,
    personName: company.fullName,
    birthDate: company.birthDate,
  };
  const companyResult = loaded.index.search(
    { subject: 'company', name: company.companyName, country: company.country, identifier: company.taxId },
    threshold,
  );
  const personResult = loaded.index.search(
    { subject: 'person', name: company.fullName, country: company.country, birthDate: company.birthDate },
    threshold,
  );
  return {
    company,
    inputs,
    versions: loaded.versions,
    threshold,
    bestScore: Math.max(companyResult.bestScore, personResult.bestScore),
    hits: [
      ...companyResult.matches.map((match) => ({
        subject: 'company' as const,
        subjectName: company.companyName,
        match,
      })),
      ...personResult.matches.map((match) => ({ subject: 'person' as const, subjectName: company.fullName, match })),
    ],
  };
}

function entryKeyOf(match: ScreeningMatch): string {
  return `${match.entry.source}:${match.entry.ref}`;
}

function snapshotOf(match: ScreeningMatch, remarks: string | null = null): CaseEntrySnapshot {
  const { entry } = match;
  return {
    listId: entry.listId,
    source: entry.source,
    ref: entry.ref,
    kind: entry.kind,
    name: entry.name,
    aliases: entry.aliases,
    programs: entry.programs,
    countries: entry.countries,
    birthDates: entry.birthDates,
    remarks,
  };
}

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
  await tx.insert(screenings).values({
    id: screeningId,
    profileId: company.id,
    trigger,
    context: options.context ?? {},
    inputs: prepared.inputs,
    listVersions: prepared.versions,
    threshold: prepared.threshold,
    bestScore: prepared.bestScore,
    decision,
    matches: records,
    actorId: options.actorId,
  });
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

/** The profiles' fields a screening reads, with the signer's date of birth where a KYC document gives it. */
export async function loadScreenedCompanies(db: Queryable, profileIds: string[]): Promise<ScreenedCompany[]> {
  if (profileIds.length === 0) return [];
  return db.select(screenedCompanyColumns).from(profiles).where(inArray(profiles.id, profileIds));
}

/**
 * Screens companies now, each in its own transaction (a hit is recorded whatever the caller does
 * next), and answers each one's standing. The caller's gate (compliance-gates.service.ts) then refuses
 * what a standing other than 'clear' does not allow.
 */
export async function screenCompanies(
  db: AppDatabase,
  profileIds: string[],
  trigger: ScreeningTrigger,
  options: ScreeningOptions,
): Promise<Map<string, ComplianceStatus>> {
  const unique = [...new Set(profileIds)];
  const companies = await loadScreenedCompanies(db, unique);
  const loaded = await getScreeningIndex(db);
  const { screeningThreshold } = await getComplianceSettings(db);
  const prepared = companies.map((company) => prepareScreening(loaded, screeningThreshold, company));
  const standings = new Map<string, ComplianceStatus>();
  await db.transaction(async (tx) => {
    for (const item of prepared) {
      const result = await recordScreening(tx, item, trigger, options);
      standings.set(item.company.id, result.decision);
    }
  });
  return standings;
}

/** Screens one company (sign-up, a change of its name or tax id, the KYC review). */
export async function screenCompany(
  db: AppDatabase,
  profileId: string,
  trigger: ScreeningTrigger,
  options: ScreeningOptions,
): Promise<ComplianceStatus> {
  return (await screenCompanies(db, [profileId], trigger, options)).get(profileId) ?? 'clear';
}

/**
 * Before an order or a waitlist claim: screens the buyer and the operation's seller. The order's
 * transaction then checks both standings under lock (assertOrderAllowed).
 */
export async function screenOrderParties(
  db: AppDatabase,
  buyerId: string,
  operationId: string,
  trigger: 'order' | 'waitlist_claim',
): Promise<void> {
  const [operation] = await db
    .select({ sellerId: operations.sellerId })
    .from(operations)
    .where(eq(operations.id, operationId));
  if (!operation) return;
  await screenCompanies(db, [buyerId, operation.sellerId], trigger, { actorId: buyerId, context: { operationId } });
}

/**
 * Before escrow moves: screens the seller and every buyer whose order still holds money in the
 * operation. The payout itself then checks their standing under lock (assertEscrowMayMove).
 */
export async function screenEscrowParties(
  db: AppDatabase,
  operationId: string,
  options: ScreeningOptions,
): Promise<void> {
  const [operation] = await db
    .select({ sellerId: operations.sellerId })
    .from(operations)
    .where(eq(operations.id, operationId));
  if (!operation) return;
  const buyers = await db
    .selectDistinct({ userId: participations.userId })
    .from(participations)
    .where(and(eq(participations.operationId, operationId), eq(participations.paymentStatus, 'confirmed')));
  await screenCompanies(db, [operation.sellerId, ...buyers.map((buyer) => buyer.userId)], 'escrow_payout', {
    ...options,
    context: { operationId, ...options.context },
  });
}
