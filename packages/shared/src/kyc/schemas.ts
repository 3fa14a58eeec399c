import { z } from 'zod';
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
export const ZUserIdParams = z.object({ userId: z.string().min(1).max(100) });
export const ZReviewOperationParams = z.object({ operationId: z.uuid('validation.invalid') });

export const ZDocumentFileQuery = z.object({ download: z.enum(['0', '1']).optional() });

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
});
export type KycDocument = z.infer<typeof ZKycDocument>;

export const ZOnboarding = z.object({
  currentStep: z.number().int().min(1),
  status: z.enum(ONBOARDING_STATUSES),
});

/** GET /api/kyc: where the company stands and its five documents, in the spec's order. */
export const ZKycStatusResponse = z.object({
  kycStatus: z.enum(KYC_STATUSES),
  kycRejectReason: z.string().nullable(),
  onboarding: ZOnboarding,
  documents: z.array(ZKycDocument),
});
export type KycStatusResponse = z.infer<typeof ZKycStatusResponse>;

export const ZUploadDocumentResponse = z.object({ document: ZKycDocument });

/** A reviewer's reason: required, trimmed (spec §5: admin reject needs a non-empty reason). */
export const ZReviewReasonRequest = z.object({
  reason: z
    .string('adminKyc.reasonRequired')
    .trim()
    .min(1, 'adminKyc.reasonRequired')
    .max(KYC_REASON_MAX_LENGTH, 'validation.tooLong'),
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
  documents: z.array(ZKycDocument),
});
export type KycReviewUser = z.infer<typeof ZKycReviewUser>;
export const ZKycReviewUsersResponse = z.object({ data: z.array(ZKycReviewUser) });

/** A row of the spec's admin_kyc_review view. */
export const ZOperationReviewItem = z.object({
  id: z.string(),
  title: z.string(),
  productName: z.string(),
  originCountry: z.string(),
  sellerName: z.string(),
  sellerEmail: z.string(),
  totalTons: z.number(),
  priceUsd: z.number(),
  createdAt: z.string(),
});
export type OperationReviewItem = z.infer<typeof ZOperationReviewItem>;
export const ZOperationReviewResponse = z.object({ data: z.array(ZOperationReviewItem) });

export const ZKycOverviewResponse = z.object({
  usersAwaitingReview: z.number().int(),
  usersPending: z.number().int(),
  usersApproved: z.number().int(),
  usersRejected: z.number().int(),
  operationsAwaitingReview: z.number().int(),
});
export type KycOverviewResponse = z.infer<typeof ZKycOverviewResponse>;
