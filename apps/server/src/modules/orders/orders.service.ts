import { randomInt } from 'node:crypto';
import { buildPaymentReference, MIN_PRICE_PER_TON_CENTS, type Order } from '@tradeops/shared';
import { type Queryable } from '../../db/client';
import { type orders, type operations } from '../../db/schema';
import { AppError } from '../../errors';
import { getEscrowStates } from '../escrow/read-escrow.service';
import { isFullStatus } from '../operations/operation-aggregate';

export type OrderRow = typeof orders.$inferSelect;
export type OperationRow = typeof operations.$inferSelect;

/** A payment reference such as "TO-7K2M9QXD4R" (shared alphabet without look-alikes), unique by a constraint. */
export function generatePaymentReference(): string {
  return buildPaymentReference((size) => randomInt(size));
}

export function toOrder(
  row: OrderRow,
  escrow: { state: Order['escrow']['state']; heldCents: number } | undefined,
): Order {
  return {
    id: row.id,
    operationId: row.operationId,
    userId: row.userId,
    volume: row.volume,
    amountCents: row.amountCents,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    status: row.status,
    paymentReference: row.paymentReference,
    paymentRejectedReason: row.paymentStatus === 'rejected' ? row.paymentRejectedReason : null,
    hasProof: row.paymentProofPath !== null,
    proofUploadedAt: row.proofUploadedAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    notificationsEnabled: row.notificationsEnabled,
    createdAt: row.createdAt.toISOString(),
    escrow: { state: escrow?.state ?? 'none', heldCents: escrow?.heldCents ?? 0 },
  };
}

/**
 * An order with its escrow state. A write answers from inside its own transaction: a read
 * on another connection after the commit could fail (pool exhausted) and answer 503 for a change
 * that was made.
 */
export async function withEscrow(db: Queryable, row: OrderRow): Promise<Order> {
  const states = await getEscrowStates(db, [row.id]);
  return toOrder(row, states.get(row.id));
}

/**
 * The account that published an operation cannot order, queue or claim tons in it, whatever
 * mode it switched itself to: it would fill its own deal, move its own escrow and read its
 * buyers' operation room as one of them.
 */
export function assertNotOwnOperation(operation: Pick<OperationRow, 'sellerId'>, userId: string): void {
  if (operation.sellerId === userId) throw new AppError('OWN_OPERATION');
}

/** Why no order can be taken now (status, deadline), or null while the operation is open. */
export function closedReasonOf(operation: OperationRow, now: Date): 'closed' | 'full' | null {
  if (isFullStatus(operation.status)) return 'full';
  if (operation.status !== 'active' || operation.reviewStatus !== 'approved') return 'closed';
  if (operation.deadline && operation.deadline.getTime() <= now.getTime()) return 'closed';
  // A price below the floor (stored before it existed, e.g. 0 ¢) could never be paid into escrow.
  if (operation.pricePerTonCents < MIN_PRICE_PER_TON_CENTS) return 'closed';
  return null;
}
