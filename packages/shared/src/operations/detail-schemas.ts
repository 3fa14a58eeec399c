import { ZTradeTermsView } from '../trade-terms/schemas';
import { z } from 'zod';
import { OPERATION_PARTNER_ROLES } from '../partners/constants';
import { ZSpecSheetSummary } from './catalogue-schemas';
import { ZOperationListItem } from './schemas';

export const ZOperationIdParams = z.object({ id: z.uuid('validation.invalid') });

/**
 * What the platform has checked about a deal, each derived from the data (the detail's verified badges):
 * verified_seller = the seller's company passed KYC; verified_volume = the goods passed the inspection on
 * arrival; escrow_protected = payments are held in escrow (true of every deal on the platform).
 */
export const OPERATION_BADGES = ['verified_seller', 'verified_volume', 'escrow_protected'] as const;
export type OperationBadge = (typeof OPERATION_BADGES)[number];

/**
 * The seller's track record, computed from its deals on the platform (all of them, this one
 * included): completed = settled deals; tons delivered = allocated tons of the deals whose
 * arrival was recorded; on-time arrivals = arrivals recorded on or before the expected arrival
 * date (UTC), out of `arrivals`; disputed operations = deals with a dispute (opened by a
 * participant or by a failed inspection). A new seller has none of these yet.
 */
export const ZSellerTrackRecord = z.object({
  completedOperations: z.number().int(),
  tonsDelivered: z.number().int(),
  arrivals: z.number().int(),
  onTimeArrivals: z.number().int(),
  disputedOperations: z.number().int(),
  isNewSeller: z.boolean(),
});
export type SellerTrackRecord = z.infer<typeof ZSellerTrackRecord>;

/** The record of a seller with no settled, arrived or disputed deal yet: zeros, and new. */
export const NEW_SELLER_RECORD: Readonly<SellerTrackRecord> = {
  completedOperations: 0,
  tonsDelivered: 0,
  arrivals: 0,
  onTimeArrivals: 0,
  disputedOperations: 0,
  isNewSeller: true,
};

/** GET /api/operations/{id} (signed in): everything the detail page shows. Counting the view is part of the call. */
export const ZOperationDetail = ZOperationListItem.extend({
  description: z.string(),
  arrivalPort: z.string().nullable(),
  warehouse: z.string().nullable(),
  specification: z.string().nullable(),
  /** Incoterm and place, shipment window, tolerance, quality, inspection, insurance, payment (issue 28). */
  tradeTerms: ZTradeTermsView,
  expectedDeparture: z.iso.date().nullable(),
  expectedArrival: z.iso.date().nullable(),
  containerTons: z.number().int().nullable(),
  lotStepTons: z.number().int(),
  participants: z.number().int(),
  maxParticipants: z.number().int(),
  /** Total investment required: total tons × price per ton, in USD. */
  totalPriceUsd: z.number(),
  partners: z.array(z.object({ role: z.enum(OPERATION_PARTNER_ROLES), name: z.string(), country: z.string() })),
  specSheet: ZSpecSheetSummary.extend({ fileName: z.string() }).nullable(),
  stats: z.object({ views: z.number().int(), watchers: z.number().int(), comments: z.number().int() }),
  isWatching: z.boolean(),
  /** The caller published this operation: it cannot take part in it (no order button). */
  isOwnOperation: z.boolean(),
  badges: z.array(z.enum(OPERATION_BADGES)),
  sellerRecord: ZSellerTrackRecord,
  similar: z.array(ZOperationListItem),
});
export type OperationDetail = z.infer<typeof ZOperationDetail>;

/** PUT/DELETE /api/operations/{id}/watch: the Watch toggle's answer. */
export const ZWatchResponse = z.object({ isWatching: z.boolean(), watchers: z.number().int() });
export type WatchResponse = z.infer<typeof ZWatchResponse>;
