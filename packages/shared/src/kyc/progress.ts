import { ONBOARDING_STEPS } from '../auth/constants';
import { type KycDocument, type KycStatusResponse } from './schemas';

/**
 * The onboarding stepper's steps (spec: document upload, compliance review, verification,
 * completed). The company's one Continue sends its documents to compliance review; the fifth
 * verified document moves it to verification; the approval completes it.
 */
export const ONBOARDING_STEP = { upload: 1, review: 2, verification: 3, completed: ONBOARDING_STEPS } as const;

/** Whether a document still needs the company: never uploaded, or rejected and not yet replaced. */
export function needsUpload(document: Pick<KycDocument, 'status'>): boolean {
  return document.status === 'pending' || document.status === 'rejected';
}

/**
 * Where a company's verification truly stands, for the KYC pages: decided (approved or
 * rejected), documents still missing or rejected, all uploaded but not sent to review yet,
 * or sent and under review.
 */
export type KycStage = 'approved' | 'rejected' | 'missing' | 'unsent' | 'in_review';

export function getKycStage(data: Pick<KycStatusResponse, 'kycStatus' | 'onboarding' | 'documents'>): KycStage {
  if (data.kycStatus === 'approved') return 'approved';
  if (data.kycStatus === 'rejected') return 'rejected';
  if (data.documents.some(needsUpload)) return 'missing';
  return data.onboarding.currentStep >= ONBOARDING_STEP.review ? 'in_review' : 'unsent';
}
