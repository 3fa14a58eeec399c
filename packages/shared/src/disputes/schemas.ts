import { z } from 'zod';
import { zText } from '../text/safe-text';
import { DAY_MS } from '../time';
import { DISPUTE_DECISIONS, DISPUTE_OPENERS, DISPUTE_STATUSES } from './constants';

export const DISPUTE_REASON_MAX_LENGTH = 1000;

/**
 * POST /api/operations/{id}/disputes (multipart): the reason as a form field beside up to
 * DISPUTE_EVIDENCE_MAX_FILES `evidence` file parts (PDF, JPEG or PNG, as payment proofs).
 * With a dispute already open the same request adds its files to that dispute as evidence.
 */
export const ZOpenDisputeFields = z
  .object({
    reason: zText({ multiline: true, error: 'disputes.validation.reasonRequired' })
      .min(1, 'disputes.validation.reasonRequired')
      .max(DISPUTE_REASON_MAX_LENGTH, 'validation.tooLong'),
  })
  .strict();
export type OpenDisputeFields = z.infer<typeof ZOpenDisputeFields>;

/**
 * When a participant's window to open a dispute ends: `windowDays` whole calendar days (UTC) after
 * the arrival's date, from the start of that day (a step's date is a day, stored at noon UTC).
 */
export function disputeWindowEndsAt(arrivalOccurredAt: Date, windowDays: number): Date {
  const day = Date.UTC(
    arrivalOccurredAt.getUTCFullYear(),
    arrivalOccurredAt.getUTCMonth(),
    arrivalOccurredAt.getUTCDate(),
  );
  return new Date(day + (windowDays + 1) * DAY_MS);
}

/** Where an evidence file opens: GET, for the deal's buyers, its seller and admins. */
export function disputeEvidencePath(operationId: string, evidenceId: string): string {
  return `/api/operations/${encodeURIComponent(operationId)}/disputes/evidence/${encodeURIComponent(evidenceId)}`;
}

/** A dispute's evidence files as links (the operation room and the admin's dispute form list them alike). */
export function disputeEvidenceLinks(
  operationId: string,
  evidence: readonly { id: string; fileName: string; uploadedBy: string | null }[],
) {
  return evidence.map((file) => ({
    id: file.id,
    href: disputeEvidencePath(operationId, file.id),
    name: file.fileName,
    uploadedBy: file.uploadedBy,
  }));
}

export const ZDisputeEvidence = z.object({
  id: z.uuid(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  /** The uploader's company (null when the account is gone). */
  uploadedBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DisputeEvidence = z.infer<typeof ZDisputeEvidence>;

/** A deal's dispute as its participants, seller and admins see it. */
export const ZDisputeSummary = z.object({
  id: z.uuid(),
  status: z.enum(DISPUTE_STATUSES),
  openedBy: z.enum(DISPUTE_OPENERS),
  /** The company of the participant who opened it (null when the inspection did). */
  openedByCompany: z.string().nullable(),
  reason: z.string(),
  openedAt: z.iso.datetime({ offset: true }),
  decision: z.enum(DISPUTE_DECISIONS).nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  evidence: z.array(ZDisputeEvidence),
});
export type DisputeSummary = z.infer<typeof ZDisputeSummary>;

/** Whether the viewer may open a dispute (or add evidence to the open one) now, and until when. */
export const ZDisputeWindow = z.object({
  canOpen: z.boolean(),
  canAddEvidence: z.boolean(),
  /** The end of the window after arrival (null before arrival). */
  closesAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DisputeWindow = z.infer<typeof ZDisputeWindow>;

export const ZOpenDisputeResponse = z.object({ disputeId: z.uuid() });
export type OpenDisputeResponse = z.infer<typeof ZOpenDisputeResponse>;
