import {
  // Each stored value list beside its type: the columns' check constraints and their TypeScript types.
  COMPLIANCE_CASE_STATUSES,
  type ComplianceCaseStatus,
  COMPLIANCE_STATUSES,
  type ComplianceStatus,
  RESCREEN_RUN_STATUSES,
  type RescreenRunStatus,
  SANCTIONS_ENTRY_KINDS,
  type SanctionsEntryKind,
  type SanctionsEntryFields,
  SANCTIONS_LIST_ORIGINS,
  type SanctionsListOrigin,
  SANCTIONS_LIST_STATUSES,
  type SanctionsListStatus,
  SANCTIONS_SOURCES,
  type SanctionsSource,
  SCREENING_SUBJECTS,
  type ScreeningSubject,
  SCREENING_TRIGGERS,
  type ScreeningTrigger,
} from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { checkIn, createdAt, timestamptz, updatedAt } from './columns';

/**
 * A loaded version of a sanctions list (docs/compliance.md). Its entries are written while it is
 * 'loading' and searched once it is 'active'; loading a newer version of the same source makes
 * this one 'superseded' (kept: the screenings and cases made against it name it).
 */
export const sanctionsLists = pgTable(
  'sanctions_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').$type<SanctionsSource>().notNull(),
    status: text('status').$type<SanctionsListStatus>().notNull().default('loading'),
    origin: text('origin').$type<SanctionsListOrigin>().notNull(),
    /** When the publisher generated the file (UN, EU); null where the format does not say (OFAC CSV). */
    publishedAt: timestamptz('published_at'),
    /** SHA-256 of the files, in their roles' order: the same files loaded again are recognised. */
    fileSha256: text('file_sha256').notNull(),
    /** The uploaded files: role → name and storage key in the `sanctions-lists` bucket. */
    files: jsonb('files').$type<Record<string, { name: string; key: string; size: number }>>().notNull(),
    entryCount: integer('entry_count').notNull().default(0),
    aliasCount: integer('alias_count').notNull().default(0),
    /** Why a load failed (the file's shape), for the back office. */
    error: text('error'),
    loadedBy: text('loaded_by').references(() => user.id, { onDelete: 'set null' }),
    activatedAt: timestamptz('activated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('sanctions_lists_source_check', t.source, SANCTIONS_SOURCES),
    checkIn('sanctions_lists_status_check', t.status, SANCTIONS_LIST_STATUSES),
    checkIn('sanctions_lists_origin_check', t.origin, SANCTIONS_LIST_ORIGINS),
    check('sanctions_lists_counts_check', sql`${t.entryCount} >= 0 and ${t.aliasCount} >= 0`),
    // One version of each list in force at a time.
    uniqueIndex('sanctions_lists_active_unique')
      .on(t.source)
      .where(sql`status = 'active'`),
    index('sanctions_lists_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/** One designation of a list version, as the matcher reads it. */
export const sanctionsEntries = pgTable(
  'sanctions_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listId: uuid('list_id')
      .notNull()
      .references(() => sanctionsLists.id, { onDelete: 'cascade' }),
    /** The publisher's id (OFAC ent_num, UN reference number, EU logical id). */
    ref: text('ref').notNull(),
    kind: text('kind').$type<SanctionsEntryKind>().notNull(),
    name: text('name').notNull(),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    programs: jsonb('programs').$type<string[]>().notNull().default([]),
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    birthDates: jsonb('birth_dates').$type<string[]>().notNull().default([]),
    identifiers: jsonb('identifiers').$type<string[]>().notNull().default([]),
    remarks: text('remarks'),
  },
  (t) => [
    checkIn('sanctions_entries_kind_check', t.kind, SANCTIONS_ENTRY_KINDS),
    index('sanctions_entries_list_idx').on(t.listId),
  ],
);

/** The entry as a case keeps it: readable whatever later versions of its list say. */
export interface CaseEntrySnapshot extends SanctionsEntryFields {
  listId: string;
  source: SanctionsSource;
  remarks: string | null;
}

/** One match a screening found, as audited. */
export interface ScreeningMatchRecord {
  subject: ScreeningSubject;
  entryId: number;
  listId: string;
  source: SanctionsSource;
  ref: string;
  listedName: string;
  matchedName: string;
  programs: string[];
  nameScore: number;
  score: number;
  adjustments: string[];
  identifierMatch: boolean;
  caseId: string | null;
  caseStatus: ComplianceCaseStatus | null;
}

export interface ScreeningInputs {
  companyName: string;
  taxId: string | null;
  country: string | null;
  personName: string;
  birthDate: string | null;
}

/**
 * Every screening of a company (its name and tax id, and the person who signed it up), append-only:
 * when, why, against which list versions, with what inputs, threshold, scores and outcome, and who
 * caused it. The audit trail of AML screening (docs/compliance.md).
 */
export const screenings = pgTable(
  'screenings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: text('profile_id').references(() => user.id, { onDelete: 'set null' }),
    trigger: text('trigger').$type<ScreeningTrigger>().notNull(),
    /** What the screening was for: the operation, order or list version. */
    context: jsonb('context').$type<Record<string, string>>().notNull().default({}),
    inputs: jsonb('inputs').$type<ScreeningInputs>().notNull(),
    /** The list versions searched: id, source, publication date, entries. */
    listVersions: jsonb('list_versions')
      .$type<{ id: string; source: SanctionsSource; publishedAt: string | null; entryCount: number }[]>()
      .notNull(),
    threshold: doublePrecision('threshold').notNull(),
    bestScore: doublePrecision('best_score').notNull(),
    decision: text('decision').$type<ComplianceStatus>().notNull(),
    matches: jsonb('matches').$type<ScreeningMatchRecord[]>().notNull().default([]),
    /** Who caused it (the buyer ordering, the admin reviewing); null for the platform's jobs. */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('screenings_trigger_check', t.trigger, SCREENING_TRIGGERS),
    checkIn('screenings_decision_check', t.decision, COMPLIANCE_STATUSES),
    index('screenings_profile_idx').on(t.profileId, t.createdAt.desc().nullsFirst()),
    index('screenings_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A possible match to decide: open until an admin clears it as a false positive (with a reason)
 * or confirms it. One case per company, subject, listed entry and screened name: the same hit
 * found again (each order, each list version) is the same case, and a cleared one stays cleared
 * until the company's name changes.
 */
export const complianceCases = pgTable(
  'compliance_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: text('profile_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subject: text('subject').$type<ScreeningSubject>().notNull(),
    /** The name as screened, and its normalised form (part of the case's identity). */
    subjectName: text('subject_name').notNull(),
    subjectKey: text('subject_key').notNull(),
    /** `<source>:<ref>`: the listed entry across versions of its list. */
    entryKey: text('entry_key').notNull(),
    entry: jsonb('entry').$type<CaseEntrySnapshot>().notNull(),
    matchedName: text('matched_name').notNull(),
    score: doublePrecision('score').notNull(),
    status: text('status').$type<ComplianceCaseStatus>().notNull().default('open'),
    openedByScreeningId: uuid('opened_by_screening_id').references(() => screenings.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('compliance_cases_status_check', t.status, COMPLIANCE_CASE_STATUSES),
    checkIn('compliance_cases_subject_check', t.subject, SCREENING_SUBJECTS),
    check(
      'compliance_cases_decision_check',
      sql`${t.status} = 'open' or (${t.decidedAt} is not null and coalesce(btrim(${t.decisionReason}), '') <> '')`,
    ),
    uniqueIndex('compliance_cases_identity_unique').on(t.profileId, t.subject, t.entryKey, t.subjectKey),
    // The screening queue by status a page at a time: keyset (created_at, id).
    index('compliance_cases_status_idx').on(t.status, t.createdAt, t.id),
    // Every status together, newest first a page at a time: keyset (created_at, id).
    index('compliance_cases_created_idx').on(t.createdAt, t.id),
    index('compliance_cases_profile_idx').on(t.profileId),
  ],
);

/**
 * How many cases each status holds, for the screening queue's tabs: kept by statement-level
 * triggers on compliance_cases in the transaction that opens, decides or deletes a case
 * (migration 0033), so the queue never counts its cases again.
 */
export const complianceCaseCounts = pgTable(
  'compliance_case_counts',
  {
    status: text('status').$type<ComplianceCaseStatus>().primaryKey(),
    cases: bigint('cases', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    checkIn('compliance_case_counts_status_check', t.status, COMPLIANCE_CASE_STATUSES),
    check('compliance_case_counts_cases_check', sql`${t.cases} >= 0`),
  ],
);

/** The re-screening of every company after a list version loads, with its progress for the back office. */
export const rescreenRuns = pgTable(
  'rescreen_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id').references(() => sanctionsLists.id, { onDelete: 'set null' }),
    status: text('status').$type<RescreenRunStatus>().notNull().default('queued'),
    total: integer('total').notNull().default(0),
    screened: integer('screened').notNull().default(0),
    hits: integer('hits').notNull().default(0),
    casesOpened: integer('cases_opened').notNull().default(0),
    /** The last company screened (ids in order): a run that stopped resumes after it. */
    cursor: text('cursor'),
    error: text('error'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('rescreen_runs_status_check', t.status, RESCREEN_RUN_STATUSES),
    check('rescreen_runs_counts_check', sql`${t.screened} >= 0 and ${t.total} >= 0 and ${t.hits} >= 0`),
    index('rescreen_runs_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);
