import { computeTotalCents } from '../money/money';
import { type OperationStatus, type PaymentStatus } from '../operations/constants';
import { canApply, hasReached } from '../operations/state-machine';

/** A live order of a deal (one that holds tons), as the operation room's "still missing" figures read it. */
export interface OutstandingOrder {
  userId: string;
  volume: number;
  amountCents: number;
  paymentStatus: PaymentStatus;
  /** When an unpaid order's hold ends and its tons are freed (null once paid). */
  expiresAt: Date | null;
}

export interface OutstandingInput {
  status: OperationStatus;
  totalTons: number;
  /** Tons held by live orders and by waitlist invitations. */
  allocatedTons: number;
  pricePerTonCents: number;
  /** The deal closes unfilled at this moment while it is open (active). */
  deadline: Date | null;
  orders: readonly OutstandingOrder[];
  viewerId: string;
}

export interface Outstanding {
  /** Tons nobody has reserved yet, and the deadline to reserve them (only while the deal is open). */
  openTons: number;
  fillBy: Date | null;
  /** Reserved tons (orders and waitlist invitations) not paid and held in escrow yet, and their price. */
  unpaidTons: number;
  unpaidAmountCents: number;
  /** The first hold among the unpaid orders to run out (its tons are freed then). */
  nextHoldExpiry: Date | null;
  /** The viewer's own unpaid orders: tons, amount and the first hold to run out; null when they owe nothing. */
  mine: { unpaidTons: number; unpaidAmountCents: number; expiresAt: Date | null } | null;
}

function earliest(dates: readonly (Date | null)[]): Date | null {
  let first: Date | null = null;
  for (const date of dates) if (date && (!first || date < first)) first = date;
  return first;
}

/**
 * What a deal still needs before its goods can be prepared (docs/architecture.md, Domain): every ton reserved
 * (allocated) and every reserved ton paid and held in escrow (funded). Once the deal is funded,
 * or has left the road (expired, cancelled), nothing is missing any more.
 */
export function computeOutstanding(input: OutstandingInput): Outstanding {
  const isOpenRoad = canApply(input.status, 'fill') || canApply(input.status, 'fund');
  if (!isOpenRoad || hasReached(input.status, 'funded')) {
    return { openTons: 0, fillBy: null, unpaidTons: 0, unpaidAmountCents: 0, nextHoldExpiry: null, mine: null };
  }
  const unpaid = input.orders.filter((order) => order.paymentStatus !== 'confirmed');
  const paidTons = input.orders.reduce(
    (sum, order) => sum + (order.paymentStatus === 'confirmed' ? order.volume : 0),
    0,
  );
  const unpaidTons = Math.max(0, input.allocatedTons - paidTons);
  const openTons = Math.max(0, input.totalTons - input.allocatedTons);
  const mineUnpaid = unpaid.filter((order) => order.userId === input.viewerId);
  return {
    openTons,
    fillBy: openTons > 0 && canApply(input.status, 'expire') ? input.deadline : null,
    unpaidTons,
    unpaidAmountCents: computeTotalCents(input.pricePerTonCents, unpaidTons),
    nextHoldExpiry: earliest(unpaid.map((order) => order.expiresAt)),
    mine:
      mineUnpaid.length === 0
        ? null
        : {
            unpaidTons: mineUnpaid.reduce((sum, order) => sum + order.volume, 0),
            unpaidAmountCents: mineUnpaid.reduce((sum, order) => sum + order.amountCents, 0),
            expiresAt: earliest(mineUnpaid.map((order) => order.expiresAt)),
          },
  };
}
