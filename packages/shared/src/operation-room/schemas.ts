import { ZDisputeSummary, ZDisputeWindow } from '../disputes/schemas';
import { ESCROW_STATES } from '../escrow/constants';
import { z } from 'zod';
import { zPage } from '../paging/page';
import { zText } from '../text/safe-text';
import {
  OPERATION_MILESTONE_KINDS,
  OPERATION_STATUSES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../operations/constants';

/** Where an order's money is (derived from the escrow ledger). */

/** Why the caller may see an operation room. */
export const OPERATION_ROOM_ROLES = ['participant', 'seller', 'partner', 'admin'] as const;
export type OperationRoomRole = (typeof OPERATION_ROOM_ROLES)[number];

export const MESSAGE_MAX_LENGTH = 2000;

/** GET /api/operations/{id}/room: the waiting page's data. */
export const ZOperationRoomResponse = z.object({
  operation: z.object({
    id: z.uuid(),
    title: z.string(),
    productName: z.string(),
    originCountry: z.string(),
    destinationCountry: z.string(),
    arrivalPort: z.string().nullable(),
    status: z.enum(OPERATION_STATUSES),
    totalTons: z.number().int(),
    allocatedTons: z.number().int(),
    availableTons: z.number().int(),
    participants: z.number().int(),
    expectedDeparture: z.iso.date().nullable(),
    expectedArrival: z.iso.date().nullable(),
  }),
  /** The recorded steps, oldest first: when, the outcome (inspection, settlement) and whether a document is attached. */
  milestones: z.array(
    z.object({
      kind: z.enum(OPERATION_MILESTONE_KINDS),
      occurredAt: z.iso.datetime({ offset: true }),
      /** Inspection: passed | failed; settlement: released, or the dispute's release | refund | partial. */
      result: z.string().nullable(),
      /** Opens at milestoneDocumentPath (the bill of lading at departure, the report at inspection). */
      hasDocument: z.boolean(),
      /** The company that recorded the step (the platform's, a logistics partner's, an inspector's). */
      recordedBy: z.string().nullable().optional(),
    }),
  ),
  /** The caller's latest order in it (null for the seller and admins without one). */
  order: z
    .object({
      id: z.uuid(),
      volume: z.number().int(),
      amountCents: z.number().int(),
      paymentMethod: z.enum(PAYMENT_METHODS),
      paymentStatus: z.enum(PAYMENT_STATUSES),
      status: z.enum(ORDER_STATUSES),
      escrowState: z.enum(ESCROW_STATES),
      notificationsEnabled: z.boolean(),
      createdAt: z.iso.datetime({ offset: true }),
      confirmedAt: z.iso.datetime({ offset: true }).nullable(),
      /** What the ledger paid back to this buyer and out to the seller from this order, and when. */
      refundedCents: z.number().int(),
      releasedCents: z.number().int(),
      paidOutAt: z.iso.datetime({ offset: true }).nullable(),
    })
    .nullable(),
  viewerRole: z.enum(OPERATION_ROOM_ROLES),
  /** The deal's latest dispute (open or decided) with its evidence, or null. */
  dispute: ZDisputeSummary.nullable(),
  /** Whether the caller may open a dispute or add evidence now, and until when. */
  disputeWindow: ZDisputeWindow,
  /**
   * What the deal still needs (computeOutstanding): tons to reserve before the deadline, reserved
   * tons not paid yet with their price and the first hold to run out, and the viewer's own share.
   */
  outstanding: z.object({
    openTons: z.number().int(),
    fillBy: z.iso.datetime({ offset: true }).nullable(),
    unpaidTons: z.number().int(),
    unpaidAmountCents: z.number().int(),
    nextHoldExpiry: z.iso.datetime({ offset: true }).nullable(),
    mine: z
      .object({
        unpaidTons: z.number().int(),
        unpaidAmountCents: z.number().int(),
        expiresAt: z.iso.datetime({ offset: true }).nullable(),
      })
      .nullable(),
  }),
});
export type OperationRoomResponse = z.infer<typeof ZOperationRoomResponse>;

/** What a funded deal (or one off the road to funding) still needs: nothing, in the API's shape. */
export const NOTHING_OUTSTANDING: Readonly<OperationRoomResponse['outstanding']> = {
  openTons: 0,
  fillBy: null,
  unpaidTons: 0,
  unpaidAmountCents: 0,
  nextHoldExpiry: null,
  mine: null,
};

/** PATCH /api/operations/{id}/room/notifications (spec §7: UPDATE order notifications_enabled). */
export const ZOperationRoomNotificationsRequest = z.object({ enabled: z.boolean('validation.invalid') });
export const ZOperationRoomNotificationsResponse = z.object({ notificationsEnabled: z.boolean() });

export const ZOperationRoomMessage = z.object({
  id: z.uuid(),
  body: z.string(),
  isFromPlatform: z.boolean(),
  /** Who wrote it: a buyer of the deal, its seller, or the platform (an admin). */
  authorRole: z.enum(['participant', 'seller', 'platform']),
  /** The author's name (null for the platform). */
  authorName: z.string().nullable(),
  isMine: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OperationRoomMessage = z.infer<typeof ZOperationRoomMessage>;

/** Messages the operation room reads per page: the latest first, earlier ones on request. */
export const MESSAGES_PAGE_SIZE = 100;
/**
 * GET /api/operations/{id}/messages (ZPageQuery): a page of the thread, newest first (the next page
 * holds earlier messages), and how many the thread holds. A chat shows them reversed, newest at the bottom.
 */
export const ZOperationRoomMessagesResponse = zPage(ZOperationRoomMessage);
export type OperationRoomMessagesPage = z.infer<typeof ZOperationRoomMessagesResponse>;

export const ZPostMessageRequest = z.object({
  body: zText({ multiline: true, error: 'validation.required' })
    .min(1, 'validation.required')
    .max(MESSAGE_MAX_LENGTH, 'operationRoom.messages.tooLong'),
});
export type PostMessageRequest = z.input<typeof ZPostMessageRequest>;
