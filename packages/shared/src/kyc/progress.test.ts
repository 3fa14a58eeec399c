import { describe, expect, it } from 'vitest';
import { KYC_DOCUMENT_TYPE_LIST, type KycDocument, type KycStatusResponse, missingKycDocument } from './schemas';
import { getKycStage } from './progress';

function status(
  kycStatus: KycStatusResponse['kycStatus'],
  currentStep: number,
  documentStatus: (index: number) => KycDocument['status'],
): KycStatusResponse {
  return {
    kycStatus,
    kycRejectReason: null,
    onboarding: { currentStep, status: currentStep > 1 ? 'in_review' : 'in_progress' },
    documents: KYC_DOCUMENT_TYPE_LIST.map((documentType, index) =>
      missingKycDocument(documentType, documentStatus(index)),
    ),
  };
}

describe('where a company verification stands', () => {
  it.each([
    ['nothing uploaded', status('pending', 1, () => 'pending'), 'missing'],
    ['one document still to upload', status('pending', 1, (i) => (i === 0 ? 'pending' : 'uploaded')), 'missing'],
    ['a rejected document not replaced', status('pending', 2, (i) => (i === 3 ? 'rejected' : 'verified')), 'missing'],
    ['all five uploaded, not sent', status('pending', 1, () => 'uploaded'), 'unsent'],
    ['all five sent to review', status('pending', 2, () => 'uploaded'), 'in_review'],
    ['all five verified', status('pending', 3, () => 'verified'), 'in_review'],
    ['company rejected', status('rejected', 1, () => 'uploaded'), 'rejected'],
    ['company approved', status('approved', 4, () => 'verified'), 'approved'],
  ] as const)('%s → %s', (_name, data, stage) => {
    expect(getKycStage(data)).toBe(stage);
  });
});
