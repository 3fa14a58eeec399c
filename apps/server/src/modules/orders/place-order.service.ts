/** Placing an order: one transaction under the operation's lock (split from orders.service.ts). */
import { randomUUID } from 'node:crypto';
import {
  operationTitleFor,
  type AllocationLimits,
  type PlaceOrderRequest,
  type OrderVolumeProblem,
  type Order,
  checkOrderVolume,
  computeTotalCents,
  maxOrderTons,
  minOrderTons,
  HOUR_MS,
  TERMS_VERSION,
} from '@tradeops/shared';
import { and, eq, or } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction, type Queryable } from '../../db/client';
import { getPgErrorCode } from '../../db/errors';
import { limitsOf } from './buyer-limits';
import { orders, operations } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../audit/audit.service';
import { loadRecipient, notifyUser } from '../notifications/notify';
import { PLATFORM_SETTING_KEYS, platformSettingsFrom, readStoredSettings } from '../settings/settings.service';
import { assertOrderAllowed } from '../compliance/compliance-gates.service';
import { COMPLIANCE_SETTING_KEYS, complianceSettingsFrom } from '../compliance/compliance-settings.service';
import { allocateTons, lockOperation } from '../operations/operation-aggregate';
import { notifyDealAllocated } from '../lifecycle/deal-notices.service';
import { contractColumnsFor } from '../statements/contract.service';

import {
  type OrderRow,
  assertNotOwnOperation,
  closedReasonOf,
  generatePaymentReference,
  toOrder,
  withEscrow,
} from './orders.service';

function volumeError(problem: OrderVolumeProblem, limits: AllocationLimits): AppError {
  switch (problem) {
    case 'sold_out':
      return new AppError('OPERATION_FULL');
    case 'cap_reached':
      return new AppError('PARTICIPANT_CAP_REACHED', { cap: limits.maxPerParticipantTons ?? 0 });
    case 'not_integer':
      return new AppError('VALIDATION_FAILED', {}, { fields: { volume: 'validation.volumeWhole' } });
    case 'not_step':
      return new AppError('VOLUME_NOT_STEP', { step: limits.lotStepTons ?? 0 });
    case 'below_min':
      return new AppError('VOLUME_BELOW_MIN', { min: minOrderTons(limits) });
    case 'above_max':
      return new AppError('VOLUME_ABOVE_MAX', { max: maxOrderTons(limits) });
  }
}

/** Thrown inside the order's transaction to roll back its own writes when the key was already used. */
class ReplayedOrder extends Error {
  constructor(readonly row: OrderRow) {
    super('replayed order');
  }
}

/**
 * Under the operation's lock, in one statement: the tons this buyer holds in live orders of the
 * operation (the per-participant cap counts them all) and an order already stored under `key`.
 */
async function getBuyerOrderState(tx: AppTransaction, operationId: string, userId: string, key: string) {
  const rows = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(eq(orders.idempotencyKey, key), and(eq(orders.operationId, operationId), eq(orders.status, 'active'))),
      ),
    );
  return {
    raced: rows.find((row) => row.idempotencyKey === key) ?? null,
    heldTons: rows
      .filter((row) => row.operationId === operationId && row.status === 'active')
      .reduce((sum, row) => sum + row.volume, 0),
  };
}

async function findByIdempotencyKey(db: Queryable, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

/** A replayed key must describe the same order; anything else is a client bug worth refusing. */
function assertSameOrder(row: OrderRow, operationId: string, request: PlaceOrderRequest): void {
  if (
    row.operationId !== operationId ||
    row.volume !== request.volume ||
    row.paymentMethod !== request.payment_method
  ) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  }
}

export interface PlaceOrderResult {
  order: Order;
  /** false when the idempotency key was seen before: nothing new was created. */
  created: boolean;
}

/**
 * Places an order (docs/architecture.md, Domain). One transaction: the operation's row is locked
 * (FOR UPDATE), so orders of one operation run one after another and every rule
 * is checked against the figures they will change — open status, approval,
 * deadline, lot step, minimum, the buyer's remaining cap (all their live orders)
 * and what is available. The order holds its tons until `expires_at` unless paid.
 * The CHECK on allocated_tons is the last line behind the lock.
 *
 * Idempotent per user and key: a replay (double click, retry after a timeout,
 * two requests racing) returns the first order and creates nothing.
 */
export async function placeOrder(
  db: AppDatabase,
  auth: Pick<AuthContext, 'user'>,
  operationId: string,
  request: PlaceOrderRequest,
  now: Date = new Date(),
): Promise<PlaceOrderResult> {
  const userId = auth.user.id;
  // The buyer must have accepted the terms in force: an order placed under older ones is refused.
  if (request.terms_version !== TERMS_VERSION) throw new AppError('TERMS_NOT_ACCEPTED', { version: TERMS_VERSION });
  const replay = await findByIdempotencyKey(db, userId, request.idempotency_key);
  if (replay) {
    assertSameOrder(replay, operationId, request);
    return { order: await withEscrow(db, replay), created: false };
  }
  // The platform's and the compliance settings in one read.
  const stored = await readStoredSettings(db, [...PLATFORM_SETTING_KEYS, ...COMPLIANCE_SETTING_KEYS]);
  const settings = platformSettingsFrom(stored);
  const compliance = complianceSettingsFrom(stored);
  // What never changes once an operation is approved (price, titles) is read before the lock;
  // a closed or full operation is refused here without writing anything (checked again under it).
  const [preview] = await db.select().from(operations).where(eq(operations.id, operationId));
  if (!preview || preview.reviewStatus !== 'approved') throw new AppError('OPERATION_NOT_FOUND');
  // Conflict of interest: an operation's seller never buys in it (its seller never changes).
  assertNotOwnOperation(preview, userId);
  const early = closedReasonOf(preview, now);
  if (early === 'full') throw new AppError('OPERATION_FULL');
  if (early === 'closed') throw new AppError('ORDER_CLOSED');
  const orderId = randomUUID();
  const paymentReference = generatePaymentReference();
  const amountCents = computeTotalCents(preview.pricePerTonCents, request.volume);
  try {
    const result = await db.transaction(async (tx) => {
      // The buyer's notification first: it rolls back with a refused order, and every statement
      // kept out of the row lock below shortens the queue of buyers waiting on a busy operation.
      const recipient = await loadRecipient(tx, userId);
      const operationTitle = operationTitleFor(preview, recipient.language);
      await notifyUser(
        tx,
        recipient,
        {
          type: 'order.created',
          data: {
            operationId,
            operationTitle,
            orderId,
            volume: request.volume,
            amountCents,
            reference: paymentReference,
          },
        },
        {
          subjectKey: 'orders.mail.createdSubject',
          textKey: 'orders.mail.createdText',
          params: {
            title: operationTitle,
            volume: request.volume,
            reference: paymentReference,
            hours: settings.orderHoldHours,
          },
        },
      );

      // The row lock: from here to the commit, orders on this operation queue behind this one.
      const operation = await lockOperation(tx, operationId);
      if (!operation || operation.reviewStatus !== 'approved') throw new AppError('OPERATION_NOT_FOUND');
      // A request that raced its own replay waited for the lock: the first one's order is committed now.
      const { raced, heldTons } = await getBuyerOrderState(tx, operationId, userId, request.idempotency_key);
      if (raced) {
        assertSameOrder(raced, operationId, request);
        // Its notification belongs to the first request: this one writes nothing.
        throw new ReplayedOrder(raced);
      }
      const closed = closedReasonOf(operation, now);
      if (closed === 'full') throw new AppError('OPERATION_FULL');
      if (closed) throw new AppError('ORDER_CLOSED');
      // The buyer's and the seller's screening standing and the route's jurisdictions, under lock.
      const parties = await assertOrderAllowed(
        tx,
        { buyerId: userId, operation },
        { embargoed: compliance.embargoedJurisdictions },
      );

      const limits = limitsOf(operation, heldTons);
      const problem = checkOrderVolume(request.volume, limits);
      if (problem) throw volumeError(problem, limits);

      const orderAmountCents = computeTotalCents(operation.pricePerTonCents, request.volume);
      // The contract the buyer accepts with the order: a copy of the deal's terms, price and parties now.
      const contract = await contractColumnsFor(
        tx,
        operation,
        {
          buyerId: userId,
          volume: request.volume,
          amountCents: orderAmountCents,
          termsVersion: request.terms_version,
          now,
        },
        parties,
      );
      const [row] = await tx
        .insert(orders)
        .values({
          ...contract,
          id: orderId,
          operationId,
          userId,
          volume: request.volume,
          amountCents: orderAmountCents,
          paymentMethod: request.payment_method,
          paymentStatus: 'pending',
          status: 'active',
          paymentReference,
          idempotencyKey: request.idempotency_key,
          termsVersion: request.terms_version,
          expiresAt: new Date(now.getTime() + settings.orderHoldHours * HOUR_MS),
        })
        .returning();
      // The order that takes the last free ton fills the deal (active → allocated).
      const filled = await allocateTons(tx, operation, request.volume, { actorId: userId, now, fill: true });
      const { allocatedTons } = filled;
      if (filled.status === 'allocated' && operation.status !== 'allocated') await notifyDealAllocated(tx, filled);
      await writeAudit(tx, {
        actorId: userId,
        action: 'order.created',
        entityType: 'order',
        entityId: row!.id,
        data: { operationId, volume: row!.volume, amountCents: row!.amountCents, allocatedTons },
      });
      // A new order has no escrow movement yet: the answer needs no further read.
      return { order: toOrder(row!, undefined), created: true };
    });
    return result;
  } catch (error) {
    if (error instanceof ReplayedOrder) return { order: await withEscrow(db, error.row), created: false };
    // The unique (user, key) index catches a replay racing on another operation's lock.
    if (getPgErrorCode(error) === '23505') {
      const existing = await findByIdempotencyKey(db, userId, request.idempotency_key);
      if (existing) {
        assertSameOrder(existing, operationId, request);
        return { order: await withEscrow(db, existing), created: false };
      }
    }
    throw error;
  }
}
