import { zPage } from '../paging/page';
import { ESCROW_STATES } from '../escrow/constants';
import { z } from 'zod';
import { ZTradeTermsView } from '../trade-terms/schemas';
import { zText } from '../text/safe-text';
import { zTermsVersion } from '../terms/schemas';
import { LEDGER_TRANSFER_KINDS } from '../escrow/constants';
import { LEDGER_TRANSFER_NATURES } from '../escrow/ledger-summary';
import {
  MAX_OPERATION_TONS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  OPERATION_STATUSES,
} from '../operations/constants';
import { ZEscrowBankDetails } from '../settings/schemas';

/** The escrow state of a order's money (modules/escrow/escrow.service getEscrowStates). */

/** Longest reason an admin may give when rejecting a payment proof. */
export const PAYMENT_REJECT_REASON_MAX_LENGTH = 500;

/** The payment progress bar (spec §2): 33% pending, 66% verification, 100% confirmed. */
export const PAYMENT_PROGRESS_PERCENT = { pending: 33, rejected: 33, verification: 66, confirmed: 100 } as const;

/** POST /api/operations/{id}/orders: an order. The key makes a retried submit harmless. */
export const ZPlaceOrderRequest = z.object({
  volume: z
    .number('validation.volumeRequired')
    .int('validation.volumeWhole')
    .positive('validation.volumeWhole')
    .max(MAX_OPERATION_TONS, 'validation.tooLarge'),
  paymentMethod: z.enum(PAYMENT_METHODS, 'validation.paymentMethodRequired'),
  idempotencyKey: z.uuid('validation.invalid'),
  /** The terms version the buyer accepted (TERMS_VERSION); another one is refused (TERMS_NOT_ACCEPTED). */
  termsVersion: zTermsVersion(),
});
export type PlaceOrderRequest = z.infer<typeof ZPlaceOrderRequest>;

export const ZOrderIdParams = z.object({ id: z.uuid('validation.invalid') });

/** A order as its buyer (and admins) see it. */
export const ZOrder = z.object({
  id: z.uuid(),
  operationId: z.uuid(),
  userId: z.string(),
  volume: z.number().int(),
  amountCents: z.number().int(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  status: z.enum(ORDER_STATUSES),
  paymentReference: z.string(),
  paymentRejectedReason: z.string().nullable(),
  hasProof: z.boolean(),
  proofUploadedAt: z.iso.datetime({ offset: true }).nullable(),
  confirmedAt: z.iso.datetime({ offset: true }).nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  notificationsEnabled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  escrow: z.object({ state: z.enum(ESCROW_STATES), heldCents: z.number().int() }),
});
export type Order = z.infer<typeof ZOrder>;

/** The operation figures an order page needs (limits for this buyer included). */
export const ZOrderOperation = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(OPERATION_STATUSES),
  totalTons: z.number().int(),
  allocatedTons: z.number().int(),
  availableTons: z.number().int(),
  lotStepTons: z.number().int(),
  minVolume: z.number().int(),
  maxPerParticipantTons: z.number().int().nullable(),
  pricePerTonCents: z.number().int(),
  deadline: z.iso.datetime({ offset: true }).nullable(),
});
export type OrderOperation = z.infer<typeof ZOrderOperation>;

/** GET /api/operations/{id}/order-form: what the order page shows and checks before submitting. */
export const ZOrderFormResponse = z.object({
  operation: ZOrderOperation,
  /** The deal's trade terms: what the order's contract will state (issue 28). */
  tradeTerms: ZTradeTermsView,
  /** Tons the caller already holds in live orders of this operation. */
  heldByMeTons: z.number().int(),
  minOrderTons: z.number().int(),
  maxOrderTons: z.number().int(),
  defaultOrderTons: z.number().int(),
  /** Why no order can be placed now, or null ('own_operation': the caller published it). */
  closedReason: z.enum(['closed', 'full', 'cap_reached', 'own_operation']).nullable(),
  /** The caller's latest live order here, if any (the page links to its payment). */
  myOrderId: z.uuid().nullable(),
});
export type OrderFormResponse = z.infer<typeof ZOrderFormResponse>;

/** Where and how to pay (the participate page). */
export const ZPaymentInstructions = z.object({
  bank: ZEscrowBankDetails.nullable(),
  reference: z.string(),
  amountCents: z.number().int(),
});

/** GET /api/operations/{id}/orders/mine and GET /api/orders/{id}. */
export const ZOrderResponse = z.object({
  order: ZOrder,
  operation: z.object({ id: z.uuid(), title: z.string(), status: z.enum(OPERATION_STATUSES) }),
  instructions: ZPaymentInstructions,
});
export type OrderResponse = z.infer<typeof ZOrderResponse>;

/** POST /api/operations/{id}/orders: 201 new order, 200 a replay of the same key. */
export const ZPlaceOrderResponse = z.object({ order: ZOrder });
export type PlaceOrderResponse = z.infer<typeof ZPlaceOrderResponse>;

/** The proof an admin's decision is about: each upload is a new revision (GET /api/admin/payments shows it). */
export const ZProofRevision = z
  .number('validation.revisionRequired')
  .int('validation.revisionRequired')
  .positive('validation.revisionRequired');

/** POST /api/admin/payments/{id}/confirm: the proof revision the admin looked at. */
export const ZConfirmPaymentRequest = z.object({ proofRevision: ZProofRevision });
export type ConfirmPaymentRequest = z.infer<typeof ZConfirmPaymentRequest>;

/** POST /api/admin/payments/{id}/reject */
export const ZRejectPaymentRequest = z.object({
  reason: zText({ multiline: true, error: 'payments.reasonRequired' })
    .min(1, 'payments.reasonRequired')
    .max(PAYMENT_REJECT_REASON_MAX_LENGTH, 'validation.tooLong'),
  proofRevision: ZProofRevision,
});
export type RejectPaymentRequest = z.infer<typeof ZRejectPaymentRequest>;

/** One proof waiting in the admins' verification queue. */
export const ZPaymentReviewItem = z.object({
  id: z.uuid(),
  operationId: z.uuid(),
  operationTitle: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  companyName: z.string(),
  volume: z.number().int(),
  amountCents: z.number().int(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentReference: z.string(),
  proofUploadedAt: z.iso.datetime({ offset: true }).nullable(),
  proofMimeType: z.string().nullable(),
  proofFileName: z.string().nullable(),
  /** Counts the proofs the buyer sent: a confirmation or rejection names the one reviewed. */
  proofRevision: z.number().int(),
});
export type PaymentReviewItem = z.infer<typeof ZPaymentReviewItem>;
/** GET /api/admin/payments: a page of the queue (ZPageQuery), oldest proof first, and how many wait. */
export const ZPaymentQueueResponse = zPage(ZPaymentReviewItem);

/** One transfer of an operation's escrow ledger with its entries. */
export const ZLedgerTransfer = z.object({
  id: z.uuid(),
  kind: z.enum(LEDGER_TRANSFER_KINDS),
  /** What the transfer is, read from its entries: a release that also refunds is a partial refund. */
  nature: z.enum(LEDGER_TRANSFER_NATURES),
  orderId: z.uuid().nullable(),
  memo: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sumCents: z.number().int(),
  entries: z.array(
    z.object({
      id: z.number().int(),
      account: z.string(),
      /** The company behind a buyer: or seller: account (null for the escrow account). */
      party: z.string().nullable(),
      amountCents: z.number().int(),
    }),
  ),
});
export type LedgerTransfer = z.infer<typeof ZLedgerTransfer>;

/**
 * GET /api/admin/operations/{id}/ledger (ZPageQuery): a page of the operation's transfers, oldest
 * first, how many there are, and the sums of the whole ledger — from the totals kept with every entry
 * (operation_ledger_totals and the escrow account's balance), never from the page:
 * deposited = released + fee + refunded + held.
 */
export const ZLedgerResponse = zPage(ZLedgerTransfer).extend({
  operation: z.object({ id: z.uuid(), title: z.string() }),
  depositedCents: z.number().int(),
  releasedToSellerCents: z.number().int(),
  platformFeeCents: z.number().int(),
  refundedCents: z.number().int(),
  heldCents: z.number().int(),
});
export type LedgerResponse = z.infer<typeof ZLedgerResponse>;
