import { DISPUTE_DECISIONS, DISPUTE_STATUSES } from '../disputes/constants';
import { ESCROW_STATES } from '../escrow/constants';
import { z } from 'zod';
import { zPage } from '../paging/page';
import { OPERATION_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../operations/constants';

/** A buyer's figures (spec §3 buyer_kpis); zeros when there is nothing (spec §8). */
export const ZBuyerKpis = z.object({
  activeOps: z.number().int(),
  totalVolume: z.number().int(),
  completedOps: z.number().int(),
});
export type BuyerKpis = z.infer<typeof ZBuyerKpis>;

/** One of the buyer's orders, with its payment and escrow state. */
export const ZBuyerOrder = z.object({
  id: z.uuid(),
  operationId: z.uuid(),
  operationTitle: z.string(),
  productName: z.string(),
  operationStatus: z.enum(OPERATION_STATUSES),
  volume: z.number().int(),
  amountCents: z.number().int(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  status: z.string(),
  escrowState: z.enum(ESCROW_STATES),
  escrowHeldCents: z.number().int(),
  /** What the ledger paid back to the buyer from this order, and when its escrow was paid out. */
  refundedCents: z.number().int(),
  paidOutAt: z.iso.datetime({ offset: true }).nullable(),
  /** The deal's latest dispute: open, or decided (release | refund | partial); null without one. */
  dispute: z.object({ status: z.enum(DISPUTE_STATUSES), decision: z.enum(DISPUTE_DECISIONS).nullable() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type BuyerOrder = z.infer<typeof ZBuyerOrder>;

/** GET /api/buyer/orders (ZPageQuery): the buyer's orders, newest first, a page at a time, with how many there are. */
export const ZBuyerOrdersResponse = zPage(ZBuyerOrder);
export type BuyerOrdersResponse = z.infer<typeof ZBuyerOrdersResponse>;

/**
 * GET /api/buyer/dashboard: the KPIs, the newest orders (a first page of GET /api/buyer/orders) and
 * how many orders the buyer has in all.
 */
export const ZBuyerDashboardResponse = z.object({
  kpis: ZBuyerKpis,
  orders: z.array(ZBuyerOrder),
  ordersTotal: z.number().int(),
});
export type BuyerDashboardResponse = z.infer<typeof ZBuyerDashboardResponse>;

/** The back office's figures and the two charts' series. */
export const ZAdminDashboardResponse = z.object({
  kpis: z.object({
    usersAwaitingKyc: z.number().int(),
    operationsAwaitingApproval: z.number().int(),
    paymentsToVerify: z.number().int(),
    escrowHeldCents: z.number().int(),
    volumeThisMonthTons: z.number().int(),
    volumeThisMonthCents: z.number().int(),
  }),
  /** Tons ordered per calendar month (UTC), the last 6 months, oldest first. */
  volumeByMonth: z.array(z.object({ month: z.string(), tons: z.number().int(), cents: z.number().int() })),
  /** Open and filling operations: allocated against total tons. */
  allocation: z.array(
    z.object({ id: z.uuid(), title: z.string(), allocatedTons: z.number().int(), totalTons: z.number().int() }),
  ),
});
export type AdminDashboardResponse = z.infer<typeof ZAdminDashboardResponse>;
