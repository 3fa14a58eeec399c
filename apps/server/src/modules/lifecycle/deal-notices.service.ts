// The deal's own milestones before its shipment (filled, funded), told to its buyers and seller in the
// transaction of the order or the payment confirmation that reached them.
import { type AppTransaction } from '../../db/client';
import { type OperationRow } from '../operations/operation-aggregate';
import { listLiveOrders, notifyDeal } from './deal-participants';

/**
 * Tells the deal's buyers and seller that its last free ton was just reserved (active → allocated),
 * with how many reserved tons are still unpaid: the deal is not funded until they are paid.
 */
export async function notifyDealAllocated(tx: AppTransaction, operation: OperationRow): Promise<void> {
  const live = await listLiveOrders(tx, operation.id);
  const paidTons = live.reduce((sum, p) => sum + (p.paymentStatus === 'confirmed' ? p.volume : 0), 0);
  await notifyDeal(tx, operation, 'deal.allocated', {
    totalTons: operation.totalTons,
    unpaidTons: Math.max(0, operation.allocatedTons - paidTons),
  });
}

/** Tells the deal's buyers and seller that every reserved ton is paid and held in escrow (allocated → funded). */
export async function notifyDealFunded(tx: AppTransaction, operation: OperationRow): Promise<void> {
  await notifyDeal(tx, operation, 'deal.funded', { totalTons: operation.totalTons });
}
