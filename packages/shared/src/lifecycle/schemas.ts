import { zPage } from '../paging/page';
import { z } from 'zod';
import { DISPUTE_DECISIONS } from '../disputes/constants';
import { ZDisputeSummary } from '../disputes/schemas';
import { zText } from '../text/safe-text';
import { UPLOAD_MAX_BYTES } from '../uploads/limits';
import {
  type OperationMilestoneKind,
  type OperationStatus,
  OPERATION_MILESTONE_KINDS,
  OPERATION_STATUSES,
  PAYMENT_STATUSES,
} from '../operations/constants';
import { type OperationEvent, canApply } from '../operations/state-machine';
import { DAY_MS } from '../time';
import { type sumPayoutSplits } from '../money/payout';

/**
 * The back office's control of a deal after full allocation (issue 7): each step
 * records a milestone (date, notes, document) and moves the operation's status.
 * Settlement is separate: it pays escrow out through the ledger.
 */
export const LIFECYCLE_STEPS = ['shipment_preparation', 'departure', 'arrival', 'inspection'] as const;
export type LifecycleStep = (typeof LIFECYCLE_STEPS)[number] & OperationMilestoneKind;

/**
 * The state table's events a step applies: an inspection passes or fails (a failed one opens a dispute).
 * Where each leads from is OPERATION_STATE_TABLE's business (operations/state-machine.ts).
 */
export const LIFECYCLE_STEP_EVENTS: Record<LifecycleStep, readonly OperationEvent[]> = {
  shipment_preparation: ['prepare_shipment'],
  departure: ['depart'],
  arrival: ['arrive'],
  inspection: ['pass_inspection', 'fail_inspection'],
};

/** The state table's event of a step with its result (an inspection's passed | failed). */
export function lifecycleStepEvent(step: LifecycleStep, result?: InspectionResult): OperationEvent {
  if (step !== 'inspection') return LIFECYCLE_STEP_EVENTS[step][0]!;
  return result === 'failed' ? 'fail_inspection' : 'pass_inspection';
}

/** Steps whose supporting document is required: the bill of lading at departure, the report at inspection. */
export const LIFECYCLE_DOCUMENT_REQUIRED: Record<LifecycleStep, boolean> = {
  shipment_preparation: false,
  departure: true,
  arrival: false,
  inspection: true,
};

export const INSPECTION_RESULTS = ['passed', 'failed'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];

export const LIFECYCLE_NOTES_MAX_LENGTH = 1000;

/** A container number (ISO 6346): owner code, category letter, six digits and the check digit. */
export const CONTAINER_NUMBER_PATTERN = /^[A-Z]{3}[UJZ]\d{7}$/;
export const CONTAINERS_MAX = 200;
/** A milestone's document (bill of lading, inspection report) follows the upload limit of every document. */
export const LIFECYCLE_DOCUMENT_MAX_BYTES = UPLOAD_MAX_BYTES;

/** The step the state table accepts next from a status, or null when none is (e.g. inspected, settled, ended). */
export function nextLifecycleStep(status: OperationStatus): LifecycleStep | null {
  return LIFECYCLE_STEPS.find((step) => LIFECYCLE_STEP_EVENTS[step].some((event) => canApply(status, event))) ?? null;
}

/**
 * When a passed inspection's fund retention ends and the deal may be settled:
 * `retentionDays` whole calendar days after the inspection's date (UTC), from
 * the start of that day. A step's date is a day, not an instant (it is stored at
 * noon UTC), so with 0 days the deal settles on the inspection's own day, at
 * any hour — not from noon on.
 */
export function fundRetentionEndsAt(inspectionOccurredAt: Date, retentionDays: number): Date {
  const day = Date.UTC(
    inspectionOccurredAt.getUTCFullYear(),
    inspectionOccurredAt.getUTCMonth(),
    inspectionOccurredAt.getUTCDate(),
  );
  return new Date(day + retentionDays * DAY_MS);
}

/** Where a step's document opens: GET, for the deal's buyers, its seller and admins. */
export function milestoneDocumentPath(operationId: string, kind: OperationMilestoneKind): string {
  return `/api/operations/${encodeURIComponent(operationId)}/milestones/${kind}/document`;
}

/** The fields of a step, sent as multipart form fields beside the optional `document` file part. */
export const ZRecordMilestoneFields = z
  .object({
    occurredAt: z.iso.date('lifecycle.dateRequired'),
    notes: zText({ multiline: true }).max(LIFECYCLE_NOTES_MAX_LENGTH, 'validation.tooLong').optional(),
    result: z.enum(INSPECTION_RESULTS, 'lifecycle.resultRequired').optional(),
    /** Departure: the bill of lading's number, the vessel, its voyage and the containers (one per line or comma). */
    blNumber: zText().max(64, 'validation.tooLong').optional(),
    vessel: zText().max(120, 'validation.tooLong').optional(),
    voyage: zText().max(64, 'validation.tooLong').optional(),
    containers: zText({ multiline: true })
      .transform((value) =>
        value
          .split(/[\s,;]+/)
          .map((item) => item.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().regex(CONTAINER_NUMBER_PATTERN, 'lifecycle.containerInvalid'))
          .max(CONTAINERS_MAX, 'validation.tooLong'),
      )
      .optional(),
    /** Inspection: the measured net weight, in kilograms, and the quality figures measured (one per line). */
    netWeightKg: z
      .string()
      .regex(/^\d{1,10}$/, 'validation.invalid')
      .transform(Number)
      .pipe(z.number().int().positive('validation.invalid'))
      .optional(),
    quality: zText({ multiline: true }).max(LIFECYCLE_NOTES_MAX_LENGTH, 'validation.tooLong').optional(),
    /** ETA update: the new expected arrival date. */
    eta: z.iso.date('validation.invalid').optional(),
  })
  .strict();
export type RecordMilestoneFields = z.infer<typeof ZRecordMilestoneFields>;

export const ZLifecycleStepParams = z.object({
  id: z.uuid('validation.invalid'),
  step: z.enum(LIFECYCLE_STEPS, 'validation.invalid'),
});

/**
 * What a step records beyond its date and notes (operation_milestones.details, and the API's answer as
 * stored): the departure's B/L, vessel, voyage and containers; the inspection's measured net weight and
 * quality figures. The same names as the step's form fields (migration 0037 renamed the older snake_case keys).
 */
export const ZMilestoneDetails = z.object({
  blNumber: z.string().optional(),
  vessel: z.string().optional(),
  voyage: z.string().optional(),
  containers: z.array(z.string()).optional(),
  netWeightKg: z.number().int().optional(),
  quality: z.string().optional(),
  /** ETA updates (while in transit): the latest expected arrival date. */
  eta: z.iso.date().optional(),
});
export type MilestoneDetails = z.infer<typeof ZMilestoneDetails>;

const ZReason = zText({ multiline: true, error: 'lifecycle.reasonRequired' })
  .min(1, 'lifecycle.reasonRequired')
  .max(LIFECYCLE_NOTES_MAX_LENGTH, 'validation.tooLong');

/**
 * The digest of the payout preview the admin confirmed (POST …/payout-preview): an action that
 * sends it is refused (PAYOUT_CHANGED) when what it would book differs from what the dialog showed.
 */
export const ZPayoutPreviewDigest = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalid');

export const ZCancelOperationRequest = z
  .object({ reason: ZReason, previewDigest: ZPayoutPreviewDigest.optional() })
  .strict();
export type CancelOperationRequest = z.infer<typeof ZCancelOperationRequest>;

/** POST /api/admin/operations/{id}/settle: no body, or the digest of the preview confirmed. */
export const ZSettleOperationRequest = z.object({ previewDigest: ZPayoutPreviewDigest.optional() }).strict();
export type SettleOperationRequest = z.infer<typeof ZSettleOperationRequest>;

/** No outcome is assumed: the admin picks one (a blank decision is refused). */
export const ZDisputeDecision = z.enum(DISPUTE_DECISIONS, 'lifecycle.decisionRequired');

/**
 * Partial refunds: order id → cents returned to that buyer; the rest of each order goes to
 * the seller. Every order holding money needs its amount (0 only when given), within what it holds
 * (findPartialRefundProblems, checked by the server against the ledger and by the form).
 */
export const ZPartialRefunds = z.record(
  z.uuid('validation.invalid'),
  z.number().int('validation.invalid').min(0, 'validation.invalid'),
);

/** An admin's decision on a dispute: its outcome, a reason, and the digest of the preview confirmed. */
export const ZDisputeDecisionRequest = z
  .object({
    decision: ZDisputeDecision,
    reason: ZReason,
    refunds: ZPartialRefunds.optional(),
    previewDigest: ZPayoutPreviewDigest.optional(),
  })
  .strict()
  .refine((value) => value.decision !== 'partial' || value.refunds !== undefined, {
    message: 'lifecycle.refundsRequired',
    path: ['refunds'],
  });
export type DisputeDecisionRequest = z.infer<typeof ZDisputeDecisionRequest>;

export const ZLifecycleMilestone = z.object({
  kind: z.enum(OPERATION_MILESTONE_KINDS),
  occurredAt: z.string(),
  result: z.string().nullable(),
  notes: z.string().nullable(),
  hasDocument: z.boolean(),
});
export type LifecycleMilestone = z.infer<typeof ZLifecycleMilestone>;

export const ZLifecycleParticipant = z.object({
  id: z.string(),
  companyName: z.string(),
  volume: z.number().int(),
  amountCents: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  heldCents: z.number().int(),
  refundedCents: z.number().int(),
  /** What left escrow for the seller's side, the platform's fee included (gross). */
  releasedCents: z.number().int(),
  /** The platform's fee taken from what was released. */
  feeCents: z.number().int(),
});
export type LifecycleParticipant = z.infer<typeof ZLifecycleParticipant>;

/** Everything the admin's control page of one operation shows. */
export const ZOperationControlResponse = z.object({
  operation: z.object({
    id: z.string(),
    title: z.string(),
    status: z.enum(OPERATION_STATUSES),
    totalTons: z.number().int(),
    allocatedTons: z.number().int(),
    sellerCompany: z.string(),
  }),
  milestones: z.array(ZLifecycleMilestone),
  participants: z.array(ZLifecycleParticipant),
  nextStep: z.enum(LIFECYCLE_STEPS).nullable(),
  /** Why the next step cannot be recorded yet (e.g. payments still unconfirmed), or null. */
  blockedReason: z.enum(['PAYMENTS_UNCONFIRMED']).nullable(),
  inspectionResult: z.enum(INSPECTION_RESULTS).nullable(),
  /** When the passed inspection's fund retention ends (settlement allowed from then). */
  settleableAt: z.string().nullable(),
  canSettle: z.boolean(),
  isDisputeOpen: z.boolean(),
  canCancel: z.boolean(),
  escrowHeldCents: z.number().int(),
  /** The deal's latest dispute (its reason and evidence files), or null. */
  dispute: ZDisputeSummary.nullable(),
  /**
   * The net weight and quality the inspection recorded (the inspector's certificate figures), who
   * recorded them, or null: the final measurement's weight unless the admin states another.
   */
  inspectionMeasurement: z
    .object({
      netWeightKg: z.number().int(),
      quality: z.string().nullable(),
      recordedBy: z.string().nullable(),
      occurredAt: z.string(),
    })
    .nullable(),
});
export type OperationControlResponse = z.infer<typeof ZOperationControlResponse>;

/** GET /api/admin/operations: a page of the approved deals (ZPageQuery), most recently changed first, with how many there are. */
export const ZAdminOperationsListResponse = zPage(
  z.object({
    id: z.string(),
    title: z.string(),
    status: z.enum(OPERATION_STATUSES),
    totalTons: z.number().int(),
    allocatedTons: z.number().int(),
    escrowHeldCents: z.number().int(),
    nextStep: z.enum(LIFECYCLE_STEPS).nullable(),
    updatedAt: z.string(),
  }),
);
export type AdminOperationsListResponse = z.infer<typeof ZAdminOperationsListResponse>;

/** The back-office actions that pay escrow out, each previewed before it is confirmed. */
export const PAYOUT_PREVIEW_ACTIONS = ['settle', 'cancel', 'dispute', 'final_measurement'] as const;
export type PayoutPreviewAction = (typeof PAYOUT_PREVIEW_ACTIONS)[number];

/** Measured net tons: positive, at most three decimals (whole kilograms), at most the platform's largest deal. */
export const ZMeasuredNetTons = z
  .number('validation.required')
  .min(0, 'validation.tooSmall')
  .max(1_000_000, 'validation.tooLarge')
  .refine((tons) => Math.abs(tons * 1000 - Math.round(tons * 1000)) < 1e-6, 'lifecycle.validation.kilograms');

/**
 * POST /api/admin/operations/{id}/final-measurement: the net weight measured at destination (and
 * the quality found), which pays the holdback out (docs/decisions/021). Without
 * `measuredNetTons`, the net weight the deal's inspection recorded is the measurement.
 */
export const ZFinalMeasurementRequest = z
  .object({
    measuredNetTons: ZMeasuredNetTons.optional(),
    qualityNotes: zText({ multiline: true }).max(2000, 'validation.tooLong').optional(),
    previewDigest: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalid')
      .optional(),
  })
  .strict();
export type FinalMeasurementRequest = z.infer<typeof ZFinalMeasurementRequest>;

/** The final measurement's figures: the shortfall and what it refunded. */
export const ZFinalMeasurementResponse = z.object({
  contractedKg: z.number().int(),
  measuredNetKg: z.number().int(),
  toleranceKg: z.number().int(),
  shortfallKg: z.number().int(),
  refundCents: z.number().int(),
  releasedCents: z.number().int(),
});
export type FinalMeasurementResponse = z.infer<typeof ZFinalMeasurementResponse>;

/** POST /api/admin/operations/{id}/payout-preview: the action, and a dispute's outcome. */
export const ZPayoutPreviewRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('final_measurement'), measuredNetTons: ZMeasuredNetTons.optional() }).strict(),
  z.object({ action: z.literal('settle') }).strict(),
  z.object({ action: z.literal('cancel') }).strict(),
  z
    .object({ action: z.literal('dispute'), decision: ZDisputeDecision, refunds: ZPartialRefunds.optional() })
    .strict()
    .refine((value) => value.decision !== 'partial' || value.refunds !== undefined, {
      message: 'lifecycle.refundsRequired',
      path: ['refunds'],
    }),
]);
export type PayoutPreviewRequest = z.infer<typeof ZPayoutPreviewRequest>;

/** One order's payout transfer as it will be booked (computePayoutSplit). */
export const ZPayoutPreviewLine = z.object({
  orderId: z.uuid(),
  buyerCompany: z.string(),
  heldCents: z.number().int(),
  refundCents: z.number().int(),
  /** Stays in escrow until the final measurement (a settlement's holdback), 0 otherwise. */
  holdbackCents: z.number().int(),
  /** Leaves escrow for the seller's side: the fee is taken from it. */
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  netCents: z.number().int(),
});
export type PayoutPreviewLine = z.infer<typeof ZPayoutPreviewLine>;

const ZPayoutTotals = z.object({
  heldCents: z.number().int(),
  refundCents: z.number().int(),
  holdbackCents: z.number().int(),
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  netCents: z.number().int(),
});

/**
 * A split's (or a sum of splits') amounts as a preview line and its totals carry them: the server's
 * preview and the web tests' fixture write them through this one mapping.
 */
export function payoutPreviewAmounts(split: ReturnType<typeof sumPayoutSplits>): z.infer<typeof ZPayoutTotals> {
  return {
    heldCents: split.heldCents,
    refundCents: split.refundCents,
    holdbackCents: split.holdbackCents,
    grossCents: split.grossCents,
    feeCents: split.feeCents,
    netCents: split.netCents,
  };
}

/** What an action will book, order by order, computed by the function that books it, with the fee in force now. */
export const ZPayoutPreview = z.object({
  action: z.enum(PAYOUT_PREVIEW_ACTIONS),
  decision: z.enum(DISPUTE_DECISIONS).nullable(),
  sellerCompany: z.string(),
  feeBps: z.number().int(),
  lines: z.array(ZPayoutPreviewLine),
  totals: ZPayoutTotals,
  /** Send it back with the action: it is refused (PAYOUT_CHANGED) if the figures changed since. */
  digest: ZPayoutPreviewDigest,
});
export type PayoutPreview = z.infer<typeof ZPayoutPreview>;
