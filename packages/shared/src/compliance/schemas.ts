import { z } from 'zod';
import { ZPageQuery, zPage } from '../paging/page';
import { zText } from '../text/safe-text';
import {
  COMPLIANCE_CASE_STATUSES,
  COMPLIANCE_STATUSES,
  KYC_RENEWAL_MONTHS_RANGE,
  RESCREEN_RUN_STATUSES,
  SANCTIONS_ENTRY_KINDS,
  SANCTIONS_LIST_ORIGINS,
  SANCTIONS_LIST_STATUSES,
  SANCTIONS_SOURCES,
  SCREENING_SUBJECTS,
  SCREENING_THRESHOLD_RANGE,
  SCREENING_TRIGGERS,
} from './constants';

/** An ISO 3166 alpha-2 code: any country, not only the sign-up form's twenty (an embargo names Cuba, Iran …). */
export const zCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'compliance.validation.countryCode');

/** Where the fetch job reads each list when it is on (the publishers' addresses by default). */
export const ZSanctionsFetchSettings = z.object({
  enabled: z.boolean(),
  ofacSdnUrl: z.url('validation.invalid').max(500, 'validation.tooLong'),
  ofacAltUrl: z.url('validation.invalid').max(500, 'validation.tooLong'),
  ofacAddUrl: z.url('validation.invalid').max(500, 'validation.tooLong'),
  unUrl: z.url('validation.invalid').max(500, 'validation.tooLong'),
  euUrl: z.url('validation.invalid').max(500, 'validation.tooLong'),
});
export type SanctionsFetchSettings = z.infer<typeof ZSanctionsFetchSettings>;

/** PUT /api/admin/compliance/settings: saved at once, each change audited. */
export const ZComplianceSettings = z.object({
  screeningThreshold: z
    .number('validation.required')
    .min(SCREENING_THRESHOLD_RANGE.min, 'compliance.validation.thresholdRange')
    .max(SCREENING_THRESHOLD_RANGE.max, 'compliance.validation.thresholdRange'),
  embargoedJurisdictions: z.array(zCountryCode).max(100, 'validation.tooLong'),
  kycRenewalMonths: z
    .number('validation.required')
    .int('validation.invalid')
    .min(KYC_RENEWAL_MONTHS_RANGE.min, 'compliance.validation.renewalRange')
    .max(KYC_RENEWAL_MONTHS_RANGE.max, 'compliance.validation.renewalRange'),
  listFetch: ZSanctionsFetchSettings,
});
export type ComplianceSettings = z.infer<typeof ZComplianceSettings>;

export const ZSanctionsListVersion = z.object({
  id: z.uuid(),
  source: z.enum(SANCTIONS_SOURCES),
  status: z.enum(SANCTIONS_LIST_STATUSES),
  origin: z.enum(SANCTIONS_LIST_ORIGINS),
  publishedAt: z.string().nullable(),
  entryCount: z.number().int(),
  aliasCount: z.number().int(),
  fileNames: z.array(z.string()),
  error: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type SanctionsListVersion = z.infer<typeof ZSanctionsListVersion>;

export const ZRescreenRun = z.object({
  id: z.uuid(),
  listId: z.uuid().nullable(),
  status: z.enum(RESCREEN_RUN_STATUSES),
  total: z.number().int(),
  screened: z.number().int(),
  hits: z.number().int(),
  casesOpened: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RescreenRun = z.infer<typeof ZRescreenRun>;

/** GET /api/admin/compliance/lists: the versions (newest first) and the latest re-screenings. */
export const ZSanctionsListsResponse = z.object({
  lists: z.array(ZSanctionsListVersion),
  rescreens: z.array(ZRescreenRun),
});
export type SanctionsListsResponse = z.infer<typeof ZSanctionsListsResponse>;

export const ZSanctionsListUploadResponse = z.object({ list: ZSanctionsListVersion });

export const ZCaseEntry = z.object({
  listId: z.string(),
  source: z.enum(SANCTIONS_SOURCES),
  ref: z.string(),
  kind: z.enum(SANCTIONS_ENTRY_KINDS),
  name: z.string(),
  aliases: z.array(z.string()),
  programs: z.array(z.string()),
  countries: z.array(z.string()),
  birthDates: z.array(z.string()),
  remarks: z.string().nullable(),
});

export const ZComplianceCase = z.object({
  id: z.uuid(),
  profileId: z.string(),
  companyName: z.string(),
  email: z.string().nullable(),
  subject: z.enum(SCREENING_SUBJECTS),
  subjectName: z.string(),
  matchedName: z.string(),
  score: z.number(),
  status: z.enum(COMPLIANCE_CASE_STATUSES),
  entry: ZCaseEntry,
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
  createdAt: z.string(),
  companyStatus: z.enum(COMPLIANCE_STATUSES),
});
export type ComplianceCase = z.infer<typeof ZComplianceCase>;

/** GET /api/admin/compliance/cases: one status (open ones oldest first, the others newest first), a page at a time. */
export const ZComplianceCasesQuery = ZPageQuery.extend({
  status: z.enum([...COMPLIANCE_CASE_STATUSES, 'all']).default('open'),
});
export type ComplianceCasesQuery = z.infer<typeof ZComplianceCasesQuery>;

/** A page of the queue, how many the chosen status holds (`total`) and how many each status holds. */
export const ZComplianceCasesResponse = zPage(ZComplianceCase).extend({
  counts: z.object({ open: z.number().int(), confirmed: z.number().int(), cleared: z.number().int() }),
});
export type ComplianceCasesResponse = z.infer<typeof ZComplianceCasesResponse>;

export const ZScreeningRecord = z.object({
  id: z.uuid(),
  trigger: z.enum(SCREENING_TRIGGERS),
  decision: z.enum(COMPLIANCE_STATUSES),
  bestScore: z.number(),
  threshold: z.number(),
  companyName: z.string(),
  personName: z.string(),
  listVersions: z.array(z.object({ source: z.enum(SANCTIONS_SOURCES), publishedAt: z.string().nullable() })),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type ScreeningRecord = z.infer<typeof ZScreeningRecord>;

export const ZComplianceCaseDetailResponse = z.object({
  case: ZComplianceCase,
  screenings: z.array(ZScreeningRecord),
});
export type ComplianceCaseDetailResponse = z.infer<typeof ZComplianceCaseDetailResponse>;

export const ZCaseIdParams = z.object({ caseId: z.uuid() });

/** Clearing as a false positive and confirming both say why (kept in the case and the audit log). */
export const ZCaseDecisionRequest = z.object({
  decision: z.enum(['clear', 'confirm']),
  reason: zText().trim().min(3, 'compliance.validation.reasonRequired').max(1000, 'validation.tooLong'),
});
export type CaseDecisionRequest = z.infer<typeof ZCaseDecisionRequest>;

/** A company's screening standing as the KYC review page shows it. */
export const ZCompanyScreening = z.object({
  status: z.enum(COMPLIANCE_STATUSES),
  lastScreenedAt: z.string().nullable(),
  cases: z.array(ZComplianceCase),
});
export type CompanyScreening = z.infer<typeof ZCompanyScreening>;
