import { type ScreeningSubject } from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { type CaseEntrySnapshot, type ScreeningInputs, profiles } from '../../db/schema';
import { type ScreeningMatch } from './sanctions-index';
import { type ActiveListVersion, type LoadedScreeningIndex } from './screening-index';

/**
 * Preparing a screening: what it reads of a company and what the matcher finds for it, before
 * anything is written (no database access: the index is in memory). Written by record-screening.ts.
 */

export interface ScreeningOptions {
  actorId: string | null;
  /** What the screening was for (operation, order, list version ids). */
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

export function entryKeyOf(match: ScreeningMatch): string {
  return `${match.entry.source}:${match.entry.ref}`;
}

export function snapshotOf(match: ScreeningMatch, remarks: string | null = null): CaseEntrySnapshot {
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
