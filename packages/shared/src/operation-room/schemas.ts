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
    product_name: z.string(),
    origin_country: z.string(),
    destination_country: z.string(),
    arrival_port: z.string().nullable(),
    status: z.enum(OPERATION_STATUSES),
    total_tons: z.number().int(),
    allocated_tons: z.number().int(),
    available_tons: z.number().int(),
    participants: z.number().int(),
    expected_departure: z.iso.date().nullable(),
    expected_arrival: z.iso.date().nullable(),
  }),
  /** The recorded steps, oldest first: when, the outcome (inspection, settlement) and whether a document is attached. */
  milestones: z.array(
    z.object({
      kind: z.enum(OPERATION_MILESTONE_KINDS),
      occurred_at: z.iso.datetime({ offset: true }),
      /** Inspection: passed | failed; settlement: released, or the dispute's release | refund | partial. */
      result: z.string().nullable(),
      /** Opens at milestoneDocumentPath (the bill of lading at departure, the report at inspection). */
      has_document: z.boolean(),
      /** The company that recorded the step (the platform's, a logistics partner's, an inspector's). */
      recorded_by: z.string().nullable().optional(),
    }),
  ),
  /** The caller's latest order in it (null for the seller and admins without one). */
  order: z
    .object({
      id: z.uuid(),
      volume: z.number().int(),
      amount_cents: z.number().int(),
      payment_method: z.enum(PAYMENT_METHODS),
      payment_status: z.enum(PAYMENT_STATUSES),
      status: z.enum(ORDER_STATUSES),
      escrow_state: z.enum(ESCROW_STATES),
      notifications_enabled: z.boolean(),
      created_at: z.iso.datetime({ offset: true }),
      confirmed_at: z.iso.datetime({ offset: true }).nullable(),
      /** What the ledger paid back to this buyer and out to the seller from this order, and when. */
      refunded_cents: z.number().int(),
      released_cents: z.number().int(),
      paid_out_at: z.iso.datetime({ offset: true }).nullable(),
    })
    .nullable(),
  viewer_role: z.enum(OPERATION_ROOM_ROLES),
  /** The deal's latest dispute (open or decided) with its evidence, or null. */
  dispute: ZDisputeSummary.nullable(),
  /** Whether the caller may open a dispute or add evidence now, and until when. */
  dispute_window: ZDisputeWindow,
  /**
   * What the deal still needs (computeOutstanding): tons to reserve before the deadline, reserved
   * tons not paid yet with their price and the first hold to run out, and the viewer's own share.
   */
  outstanding: z.object({
    open_tons: z.number().int(),
    fill_by: z.iso.datetime({ offset: true }).nullable(),
    unpaid_tons: z.number().int(),
    unpaid_amount_cents: z.number().int(),
    next_hold_expiry: z.iso.datetime({ offset: true }).nullable(),
    mine: z
      .object({
        unpaid_tons: z.number().int(),
        unpaid_amount_cents: z.number().int(),
        expires_at: z.iso.datetime({ offset: true }).nullable(),
      })
      .nullable(),
  }),
});
export type OperationRoomResponse = z.infer<typeof ZOperationRoomResponse>;

/** What a funded deal (or one off the road to funding) still needs: nothing, in the API's shape. */
export const NOTHING_OUTSTANDING: Readonly<OperationRoomResponse['outstanding']> = {
  open_tons: 0,
  fill_by: null,
  unpaid_tons: 0,
  unpaid_amount_cents: 0,
  next_hold_expiry: null,
  mine: null,
};

/** PATCH /api/operations/{id}/room/notifications (spec §7: UPDATE order notifications_enabled). */
export const ZOperationRoomNotificationsRequest = z.object({ enabled: z.boolean('validation.invalid') });
export const ZOperationRoomNotificationsResponse = z.object({ notifications_enabled: z.boolean() });

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
