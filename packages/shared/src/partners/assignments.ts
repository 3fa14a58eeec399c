import { z } from 'zod';
import { type PartnerUserRole, PARTNER_USER_ROLES } from '../auth/constants';
import { LIFECYCLE_STEPS, LIFECYCLE_STEP_EVENTS, ZMilestoneDetails } from '../lifecycle/schemas';
import { type OperationStatus } from '../operations/constants';
import { canApply } from '../operations/state-machine';
import { OPERATION_MILESTONE_KINDS, OPERATION_STATUSES } from '../operations/constants';
import { zText } from '../text/safe-text';
import { TRADE_DOCUMENT_KINDS } from './documents';

/**
 * Partners as users (issue 28, item 4): a logistics partner or an inspection company assigned to a
 * deal by an admin records its own steps there. Every step goes through the operation's one state
 * table; customs clearance and ETA updates record a fact and change no status.
 */
export const PARTNER_STEPS = [...LIFECYCLE_STEPS, 'customs_clearance', 'eta_update'] as const;
export type PartnerStep = (typeof PARTNER_STEPS)[number];

/** The steps each partner role records. */
export const PARTNER_ROLE_STEPS: Record<PartnerUserRole, readonly PartnerStep[]> = {
  logistics: ['shipment_preparation', 'departure', 'eta_update', 'arrival', 'customs_clearance'],
  inspector: ['inspection'],
};

export const ZPartnerStepParams = z.object({
  id: z.uuid('validation.invalid'),
  step: z.enum(PARTNER_STEPS, 'validation.invalid'),
});

/** POST /api/admin/operations/{id}/partners: assign a logistics partner or an inspector account. */
export const ZAssignPartnerRequest = z
  .object({ userId: zText().min(1, 'validation.required').max(64, 'validation.invalid') })
  .strict();
export const ZAssignedPartnerParams = z.object({
  id: z.uuid('validation.invalid'),
  userId: zText().min(1, 'validation.invalid').max(64, 'validation.invalid'),
});

export const ZAssignedPartner = z.object({
  userId: z.string(),
  companyName: z.string(),
  role: z.enum(PARTNER_USER_ROLES),
  assignedAt: z.iso.datetime({ offset: true }),
});
export type AssignedPartner = z.infer<typeof ZAssignedPartner>;

/** GET /api/admin/operations/{id}/partners: who is assigned, and the partner accounts that may be. */
export const ZOperationPartnersResponse = z.object({
  assigned: z.array(ZAssignedPartner),
  /** KYC-approved partner accounts not assigned yet (at most PARTNER_CANDIDATES_LIMIT, by company name). */
  candidates: z.array(z.object({ userId: z.string(), companyName: z.string(), role: z.enum(PARTNER_USER_ROLES) })),
});
export type OperationPartnersResponse = z.infer<typeof ZOperationPartnersResponse>;
export const PARTNER_CANDIDATES_LIMIT = 100;

export const PARTNER_OPERATIONS_PAGE_SIZE = 20;
export const ZPartnerOperationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** GET /api/partner/operations: the deals assigned to the caller, newest assignment first. */
export const ZPartnerOperationsResponse = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      status: z.enum(OPERATION_STATUSES),
      destinationPort: z.string().nullable(),
      assignedAt: z.iso.datetime({ offset: true }),
      /** The steps the caller may record now (by the state table and its role). */
      nextSteps: z.array(z.enum(PARTNER_STEPS)),
    }),
  ),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PartnerOperationsResponse = z.infer<typeof ZPartnerOperationsResponse>;

/** GET /api/partner/operations/{id}: one assigned deal, its recorded steps and who recorded each. */
export const ZPartnerOperationResponse = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(OPERATION_STATUSES),
  role: z.enum(PARTNER_USER_ROLES),
  totalTons: z.number().int(),
  originCountry: z.string(),
  destinationPort: z.string().nullable(),
  nextSteps: z.array(z.enum(PARTNER_STEPS)),
  milestones: z.array(
    z.object({
      kind: z.enum(OPERATION_MILESTONE_KINDS),
      occurredAt: z.iso.datetime({ offset: true }),
      result: z.string().nullable(),
      notes: z.string().nullable(),
      details: ZMilestoneDetails.nullable(),
      recordedBy: z.string().nullable(),
      hasDocument: z.boolean(),
    }),
  ),
  /** The documents of the deal's checklist the caller uploads. */
  documents: z.array(z.enum(TRADE_DOCUMENT_KINDS)),
});
export type PartnerOperationResponse = z.infer<typeof ZPartnerOperationResponse>;

/**
 * Whether `step` may be recorded on a deal in `status` with these steps recorded already: a lifecycle
 * step when the state table accepts its event; customs clearance once, after arrival and before the
 * inspection; an ETA update while the goods are in transit.
 */
export function canRecordStep(status: OperationStatus, step: PartnerStep, recorded: readonly string[]): boolean {
  if (step === 'customs_clearance') return status === 'arrived' && !recorded.includes('customs_clearance');
  if (step === 'eta_update') return status === 'in_transit';
  return LIFECYCLE_STEP_EVENTS[step].some((event) => canApply(status, event));
}

/** The steps a partner role may record now. */
export function partnerNextSteps(
  role: PartnerUserRole,
  status: OperationStatus,
  recorded: readonly string[],
): PartnerStep[] {
  return PARTNER_ROLE_STEPS[role].filter((step) => canRecordStep(status, step, recorded));
}
