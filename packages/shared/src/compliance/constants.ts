/** The sanctions lists TradeOps screens against, each loaded from its publisher's own format. */
export const SANCTIONS_SOURCES = ['ofac_sdn', 'un_consolidated', 'eu_consolidated'] as const;
export type SanctionsSource = (typeof SANCTIONS_SOURCES)[number];

/** What a list entry designates. Companies are screened against all but individuals; people against individuals. */
export const SANCTIONS_ENTRY_KINDS = ['individual', 'entity', 'vessel', 'aircraft'] as const;
export type SanctionsEntryKind = (typeof SANCTIONS_ENTRY_KINDS)[number];

/** What a designation says, whatever its publisher's format: the matcher, the index and a case's snapshot read it. */
export interface SanctionsEntryFields {
  /** The publisher's own id (OFAC ent_num, UN reference number, EU logical id). */
  ref: string;
  kind: SanctionsEntryKind;
  /** The name as listed. */
  name: string;
  /** Other names: a.k.a., f.k.a., names in original script. */
  aliases: string[];
  programs: string[];
  /** ISO 3166 alpha-2 codes the entry is tied to (addresses, nationality, citizenship), where known. */
  countries: string[];
  /** Dates of birth as 'YYYY-MM-DD' or 'YYYY' (individuals). */
  birthDates: string[];
}

/** A loaded version of a list: being read, the one in force, replaced by a newer one, or refused. */
export const SANCTIONS_LIST_STATUSES = ['loading', 'active', 'superseded', 'failed'] as const;
export type SanctionsListStatus = (typeof SANCTIONS_LIST_STATUSES)[number];

/** Where a list version came from. */
export const SANCTIONS_LIST_ORIGINS = ['upload', 'fetch', 'seed'] as const;
export type SanctionsListOrigin = (typeof SANCTIONS_LIST_ORIGINS)[number];

/** When a party is screened (docs/compliance.md). */
export const SCREENING_TRIGGERS = [
  'signup',
  'company_change',
  'kyc_review',
  'order',
  'waitlist_claim',
  'escrow_payout',
  'list_load',
  'manual',
] as const;
export type ScreeningTrigger = (typeof SCREENING_TRIGGERS)[number];

/** Who of a company is screened: the company by its name and tax id, the person who signed up by name. */
export const SCREENING_SUBJECTS = ['company', 'person'] as const;
export type ScreeningSubject = (typeof SCREENING_SUBJECTS)[number];

/**
 * A company's standing after its cases: clear; under review (a case is open: no new orders,
 * offers or escrow movements until an admin decides); blocked (a confirmed hit).
 */
export const COMPLIANCE_STATUSES = ['clear', 'review', 'blocked'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** A screening's outcome is the company's standing it found. */
export type ScreeningDecision = ComplianceStatus;

/** A possible match: open until an admin clears it as a false positive or confirms it. */
export const COMPLIANCE_CASE_STATUSES = ['open', 'cleared', 'confirmed'] as const;
export type ComplianceCaseStatus = (typeof COMPLIANCE_CASE_STATUSES)[number];

/** A re-screening of every company after a list loads. */
export const RESCREEN_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type RescreenRunStatus = (typeof RESCREEN_RUN_STATUSES)[number];

/**
 * The similarity (0–1) from which a name is a possible match (an admin setting). 0.90 is where the
 * labelled quality set (apps/server/src/modules/compliance/matching-quality.test.ts) finds every
 * listed variant it should and almost no clean company name.
 */
export const DEFAULT_SCREENING_THRESHOLD = 0.9;
export const SCREENING_THRESHOLD_RANGE = { min: 0.75, max: 0.99 } as const;

/**
 * Countries under comprehensive embargo programmes by default (Cuba, Iran, North Korea, Syria):
 * operations to or from them and companies registered there are refused. An admin setting; the
 * demo's corridors (Uruguay, Venezuela, Argentina …) are not on it.
 */
export const DEFAULT_EMBARGOED_JURISDICTIONS = ['CU', 'IR', 'KP', 'SY'] as const;

/** KYC is renewed every N months (an admin setting), with reminders before it lapses. */
export const DEFAULT_KYC_RENEWAL_MONTHS = 12;
export const KYC_RENEWAL_MONTHS_RANGE = { min: 1, max: 36 } as const;
/** Days before the KYC lapses when the company is reminded, by e-mail and in the bell. */
export const KYC_RENEWAL_REMINDER_DAYS = [30, 7] as const;
/** A proof of address older than this (from its issue date) is refused. */
export const PROOF_OF_ADDRESS_MAX_AGE_MONTHS = 3;

/** Largest file of a list upload (the EU's full CSV is about 25 MB). */
export const SANCTIONS_FILE_MAX_BYTES = 64 * 1024 * 1024;
