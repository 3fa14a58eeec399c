import { zPage, zPageQuery } from '../paging/page';
import { ZCompanyScreening } from '../compliance/schemas';
import { z } from 'zod';
import { zText } from '../text/safe-text';
import {
  COMPANY_TYPES,
  KYC_DOCUMENT_STATUSES,
  KYC_DOCUMENT_TYPES,
  KYC_STATUSES,
  ONBOARDING_STATUSES,
  type KycDocumentType,
} from '../auth/constants';

export const KYC_DOCUMENT_TYPE_LIST = Object.keys(KYC_DOCUMENT_TYPES) as KycDocumentType[];
export const KYC_REASON_MAX_LENGTH = 500;

export const ZKycDocumentType = z.enum(
  KYC_DOCUMENT_TYPE_LIST as [KycDocumentType, ...KycDocumentType[]],
  'kyc.unknownDocumentType',
);

export const ZKycDocumentTypeParams = z.object({ documentType: ZKycDocumentType });
export const ZDocumentIdParams = z.object({ documentId: z.uuid('validation.invalid') });
export const ZUserIdParams = z.object({ userId: zText().min(1, 'validation.invalid').max(100, 'validation.invalid') });
export const ZOfferReviewParams = z.object({ operationId: z.uuid('validation.invalid') });

/**
 * The revision of what an admin reviewed: a KYC document's file, a company's data, an offer.
 * Every replacement or edit makes a new one; a decision naming an older one is refused (409).
 */
export const ZReviewRevision = z
  .number('validation.revisionRequired')
  .int('validation.revisionRequired')
  .positive('validation.revisionRequired');

/**
 * ?download=1 for an attachment; ?revision=N asks for that revision of the file and is
 * refused (409) once the document was replaced, so a preview never shows a newer file
 * under an older revision.
 */
export const ZDocumentFileQuery = z.object({
  download: z.enum(['0', '1']).optional(),
  revision: z.coerce.number('validation.invalid').int('validation.invalid').positive('validation.invalid').optional(),
});

/** One of the five required documents as its owner (and an admin) sees it. */
export const ZKycDocument = z.object({
  id: z.string().nullable(),
  documentType: ZKycDocumentType,
  status: z.enum(KYC_DOCUMENT_STATUSES),
  fileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  uploadedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** Counts the uploads of this document (1 = the first file); null while none was uploaded. */
  revision: z.number().int().nullable(),
  /** The document's own dates where its type has them (DOCUMENT_DATES), as 'YYYY-MM-DD'. */
  issuedOn: z.string().nullable().optional(),
  expiresOn: z.string().nullable().optional(),
  holderBirthDate: z.string().nullable().optional(),
});
export type KycDocument = z.infer<typeof ZKycDocument>;

/** One of the five documents before any file was sent for it: what the API shows for a missing one. */
export function missingKycDocument(
  documentType: KycDocument['documentType'],
  status: KycDocument['status'] = 'pending',
): KycDocument {
  return {
    id: null,
    documentType,
    status,
    fileName: null,
    mimeType: null,
    sizeBytes: null,
    uploadedAt: null,
    rejectReason: null,
    revision: null,
    issuedOn: null,
    expiresOn: null,
    holderBirthDate: null,
  };
}

const zCalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'kyc.dates.invalid')
  .refine((value) => !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()), 'kyc.dates.invalid');

/** The text fields beside an uploaded KYC file: its dates, each optional (judged by findDocumentDateProblem). */
export const ZDocumentDatesFields = z
  .object({
    issuedOn: zCalendarDate.optional(),
    expiresOn: zCalendarDate.optional(),
    holderBirthDate: zCalendarDate.optional(),
  })
  .strict();

export const ZOnboarding = z.object({
  currentStep: z.number().int().min(1),
  status: z.enum(ONBOARDING_STATUSES),
});

/** GET /api/kyc: where the company stands and its five documents, in the spec's order. */
export const ZKycStatusResponse = z.object({
  kycStatus: z.enum(KYC_STATUSES),
  kycRejectReason: z.string().nullable(),
  /** When the approval lapses; renewal opens 30 days before. */
  kycExpiresAt: z.string().nullable().optional(),
  kycRenewal: z.enum(['valid', 'due', 'expired']).optional(),
  onboarding: ZOnboarding,
  documents: z.array(ZKycDocument),
});
export type KycStatusResponse = z.infer<typeof ZKycStatusResponse>;

export const ZUploadDocumentResponse = z.object({ document: ZKycDocument });

/** Verify a document, approve a company or an operation: the revision the admin reviewed. */
export const ZReviewDecisionRequest = z.object({ revision: ZReviewRevision });
export type ReviewDecisionRequest = z.infer<typeof ZReviewDecisionRequest>;

/** A rejection: the reviewer's reason (spec §5: required, trimmed) and the revision they reviewed. */
export const ZReviewReasonRequest = z.object({
  reason: zText({ multiline: true, error: 'adminKyc.reasonRequired' })
    .min(1, 'adminKyc.reasonRequired')
    .max(KYC_REASON_MAX_LENGTH, 'validation.tooLong'),
  revision: ZReviewRevision,
});
export type ReviewReasonRequest = z.infer<typeof ZReviewReasonRequest>;

export const ZKycReviewUser = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string(),
  companyName: z.string(),
  companyType: z.enum(COMPANY_TYPES).nullable(),
  country: z.string().nullable(),
  taxId: z.string().nullable(),
  registeredAt: z.string(),
  waitingSince: z.string().nullable(),
  /** The revision of the company's data (name, type, country, tax id) shown here. */
  revision: z.number().int(),
  documents: z.array(ZKycDocument),
  /** The company's AML screening: its standing and cases (approval waits for every case to be decided). */
  screening: ZCompanyScreening,
});
export type KycReviewUser = z.infer<typeof ZKycReviewUser>;
/**
 * Companies per page of the KYC review queue when the request does not say: each is a whole dossier (five
 * documents, its AML cases; about 1.9 KB of JSON, a card open on the page), so half the usual page.
 */
export const KYC_REVIEW_PAGE_LIMIT = 25;
export const ZKycReviewUsersQuery = zPageQuery(KYC_REVIEW_PAGE_LIMIT);
/** GET /api/admin/kyc/users: a page of the review queue (ZKycReviewUsersQuery), the longest waiting first, with how many wait. */
export const ZKycReviewUsersResponse = zPage(ZKycReviewUser);

/** A row of the spec's admin_offer_review view. */
export const ZOfferReviewItem = z.object({
  id: z.string(),
  title: z.string(),
  productName: z.string(),
  originCountry: z.string(),
  sellerName: z.string(),
  sellerEmail: z.string(),
  totalTons: z.number(),
  priceUsd: z.number(),
  createdAt: z.string(),
  /** Counts the seller's versions of the offer: an approval or rejection names the one reviewed. */
  revision: z.number().int(),
});
export type OfferReviewItem = z.infer<typeof ZOfferReviewItem>;
/** GET /api/admin/kyc/operations: a page of the offers awaiting review (ZPageQuery), oldest first, with how many wait. */
export const ZOfferReviewResponse = zPage(ZOfferReviewItem);

export const ZKycOverviewResponse = z.object({
  usersAwaitingReview: z.number().int(),
  usersPending: z.number().int(),
  usersApproved: z.number().int(),
  usersRejected: z.number().int(),
  operationsAwaitingReview: z.number().int(),
});
export type KycOverviewResponse = z.infer<typeof ZKycOverviewResponse>;
