import { type OrderStatus, type PaymentStatus } from '../operations/constants';

/**
 * The payments of an unpaid order: nothing sent yet, or a proof an admin rejected. Such an order takes
 * a (new) proof, may be cancelled by its buyer and expires when its hold is over. A proof under review
 * ('verification') is the buyer's part done, and a confirmed payment is money in escrow: neither ends
 * that way.
 */
export const UNPAID_PAYMENT_STATUSES = ['pending', 'rejected'] as const satisfies readonly PaymentStatus[];

/** Whether an order is live and unpaid: what the proof upload, the buyer's cancel and the hold's expiry apply to. */
export function isUnpaidOrder(order: { status: OrderStatus; paymentStatus: PaymentStatus }): boolean {
  return (
    order.status === 'active' && (UNPAID_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(order.paymentStatus)
  );
}
