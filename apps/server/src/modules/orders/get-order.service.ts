/** Reading orders: the order page's figures, the buyer's order in a deal, one order (split from orders.service.ts). */
import {
  operationStandingFor,
  operationTitleFor,
  DEFAULT_ORDER_TONS,
  type OrderFormResponse,
  type OrderResponse,
  checkOrderVolume,
  defaultOrderTons,
  isSoldOut,
  maxOrderTons,
  minOrderTons,
} from '@tradeops/shared';
import { and, desc, eq } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import { getHeldByBuyerTons, limitsOf } from './buyer-limits';
import { orders, operations } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { getPlatformSettings } from '../settings/settings.service';

import { type OrderRow, closedReasonOf, withEscrow } from './orders.service';

/** The order page's figures for this buyer: limits, what they hold, and whether ordering is possible. */
export async function getOrderForm(
  db: AppDatabase,
  auth: Pick<AuthContext, 'user'>,
  operationId: string,
  language: string,
  now: Date = new Date(),
): Promise<OrderFormResponse> {
  const [operation] = await db.select().from(operations).where(eq(operations.id, operationId));
  if (!operation || operation.reviewStatus !== 'approved') throw new AppError('OPERATION_NOT_FOUND');
  const held = await getHeldByBuyerTons(db, operationId, auth.user.id);
  const limits = limitsOf(operation, held);
  const mine = await findLatestLive(db, operationId, auth.user.id);
  const closed = operation.sellerId === auth.user.id ? 'own_operation' : closedReasonOf(operation, now);
  const problem = checkOrderVolume(minOrderTons(limits), limits);
  return {
    operation: {
      ...operationStandingFor(operation, language),
      availableTons: Math.max(0, operation.totalTons - operation.allocatedTons),
      lotStepTons: operation.lotStepTons,
      minVolume: operation.minVolume,
      maxPerParticipantTons: operation.maxPerParticipantTons,
      pricePerTonCents: operation.pricePerTonCents,
      deadline: operation.deadline?.toISOString() ?? null,
    },
    tradeTerms: operation.tradeTerms,
    heldByMeTons: held,
    minOrderTons: minOrderTons(limits),
    maxOrderTons: maxOrderTons(limits),
    defaultOrderTons: defaultOrderTons(limits, DEFAULT_ORDER_TONS),
    closedReason: closed ?? (isSoldOut(limits) ? 'full' : problem === 'cap_reached' ? 'cap_reached' : null),
    myOrderId: mine?.id ?? null,
  };
}

async function findLatestLive(db: Queryable, operationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.operationId, operationId), eq(orders.userId, userId), eq(orders.status, 'active')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row ?? null;
}

async function describeOrder(db: AppDatabase, row: OrderRow, language: string): Promise<OrderResponse> {
  const [operation] = await db.select().from(operations).where(eq(operations.id, row.operationId));
  if (!operation) throw new AppError('ORDER_NOT_FOUND');
  const settings = await getPlatformSettings(db);
  return {
    order: await withEscrow(db, row),
    operation: { id: operation.id, title: operationTitleFor(operation, language), status: operation.status },
    instructions: {
      bank: settings.escrowBankDetails,
      reference: row.paymentReference,
      amountCents: row.amountCents,
    },
  };
}

/** The caller's latest live order in an operation, with its payment instructions and escrow state. */
export async function getMyOrder(
  db: AppDatabase,
  auth: Pick<AuthContext, 'user'>,
  operationId: string,
  language: string,
): Promise<OrderResponse> {
  const row = await findLatestLive(db, operationId, auth.user.id);
  if (!row) {
    // No order is an answer only where one could be placed: an unknown or unpublished operation is not found.
    const [operation] = await db
      .select({ reviewStatus: operations.reviewStatus })
      .from(operations)
      .where(eq(operations.id, operationId));
    throw new AppError(operation?.reviewStatus === 'approved' ? 'ORDER_NOT_FOUND' : 'OPERATION_NOT_FOUND');
  }
  return describeOrder(db, row, language);
}

/** An order for its buyer or an admin; anyone else hears NOT_FOUND (no existence leak). */
export async function findVisibleOrder(
  db: Queryable,
  auth: Pick<AuthContext, 'user' | 'isAdmin'>,
  id: string,
): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || (row.userId !== auth.user.id && !auth.isAdmin)) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

export async function getOrder(
  db: AppDatabase,
  auth: Pick<AuthContext, 'user' | 'isAdmin'>,
  id: string,
  language: string,
): Promise<OrderResponse> {
  return describeOrder(db, await findVisibleOrder(db, auth, id), language);
}
