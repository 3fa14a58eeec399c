import { z } from 'zod';
import { MAX_OPERATION_TONS, PAYMENT_METHODS, WAITLIST_STATUSES } from '../operations/constants';
import { zTermsVersion } from '../terms/schemas';

/** Why an order stopped holding tons (orders.ended_reason). */
export const ORDER_END_REASONS = [
  'hold_expired',
  'cancelled_by_buyer',
  'operation_expired',
  'operation_cancelled',
] as const;
export type OrderEndReason = (typeof ORDER_END_REASONS)[number];

/**
 * Hours a buyer whose payment proof was rejected keeps the order after
 * the rejection, even when the hold has passed, to upload a corrected proof.
 */
export const REJECTED_PROOF_GRACE_HOURS = 24;

/** POST /api/operations/{id}/waitlist: a place in line for `volume` tons (the order rules apply). */
export const ZJoinWaitlistRequest = z.object({
  volume: z
    .number('validation.volumeRequired')
    .int('validation.volumeWhole')
    .positive('validation.volumeWhole')
    .max(MAX_OPERATION_TONS, 'validation.tooLarge'),
});
export type JoinWaitlistRequest = z.infer<typeof ZJoinWaitlistRequest>;

/** POST /api/operations/{id}/waitlist/claim: turns the invited tons into an order. */
export const ZClaimWaitlistInvitationRequest = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, 'validation.paymentMethodRequired'),
  idempotencyKey: z.uuid('validation.invalid'),
  /** The terms version the buyer accepted: a claim is an order. */
  termsVersion: zTermsVersion(),
});
export type ClaimWaitlistInvitationRequest = z.infer<typeof ZClaimWaitlistInvitationRequest>;

/** The caller's place in an operation's waitlist. */
export const ZWaitlistEntry = z.object({
  id: z.uuid(),
  operationId: z.uuid(),
  volume: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  /** 1 = first in line; null once the entry is no longer waiting. */
  position: z.number().int().nullable(),
  invitedTons: z.number().int().nullable(),
  invitationExpiresAt: z.iso.datetime({ offset: true }).nullable(),
  orderId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type WaitlistEntry = z.infer<typeof ZWaitlistEntry>;

/** GET /api/operations/{id}/waitlist/mine: the caller's live (or last) entry, or null, and how long the line is. */
export const ZMyWaitlistResponse = z.object({
  entry: ZWaitlistEntry.nullable(),
  /** Buyers waiting or holding an invitation in this operation's line. */
  lineLength: z.number().int(),
  /** Whether the line is open to join now (the operation is full and still taking part). */
  isFull: z.boolean(),
  /** The volume rules of a place in line for the caller (as an order's: whole lots, minimum, their cap). */
  lotStepTons: z.number().int(),
  minVolumeTons: z.number().int(),
  maxVolumeTons: z.number().int(),
});
export type MyWaitlistResponse = z.infer<typeof ZMyWaitlistResponse>;

/** POST /api/orders/{id}/cancel: the order as it ended. */
export const ZCancelOrderResponse = z.object({
  id: z.uuid(),
  status: z.literal('cancelled'),
  endedReason: z.literal('cancelled_by_buyer'),
  endedAt: z.iso.datetime({ offset: true }),
});
export type CancelOrderResponse = z.infer<typeof ZCancelOrderResponse>;

/** POST /api/operations/{id}/waitlist/claim answer: the order created from the invitation. */
export const ZClaimWaitlistInvitationResponse = z.object({
  orderId: z.uuid(),
  volume: z.number().int(),
});
export type ClaimWaitlistInvitationResponse = z.infer<typeof ZClaimWaitlistInvitationResponse>;
