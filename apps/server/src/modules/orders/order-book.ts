/**
 * A batch's order book: what one transaction of the order desk read under its locks, and each order
 * of the batch checked against it in arrival order — the figures an accepted order changes (the
 * operation's allocated tons and status, the buyer's held tons, the keys in use) are what the next
 * order is checked against, exactly as if each had committed before the next one locked.
 */
import { randomUUID } from 'node:crypto';
import {
  type AllocationLimits,
  type Order,
  type OrderVolumeProblem,
  type PlaceOrderRequest,
  HOUR_MS,
  checkOrderVolume,
  computeTotalCents,
  maxOrderTons,
  minOrderTons,
  operationTitleFor,
} from '@tradeops/shared';
import { type AppTransaction } from '../../db/client';
import { type orders } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuditEntry } from '../audit/audit.service';
import { type OrderParty, orderPartiesFrom } from '../compliance/compliance-gates.service';
import { type Recipient, type UserNotice } from '../notifications/notify';
import { type PlatformSettings } from '../settings/settings.service';
import { contractColumnsFor } from '../statements/contract.service';
import { limitsOf } from './buyer-limits';
import {
  type OperationRow,
  type OrderRow,
  assertNotOwnOperation,
  closedReasonOf,
  generatePaymentReference,
  toOrder,
} from './orders.service';
import { type Outcome } from './order-desk';

export interface PlaceOrderResult {
  order: Order;
  /** false when the idempotency key was seen before: nothing new was created. */
  created: boolean;
}

/** An order as the desk queues it. */
export interface OrderRequest {
  userId: string;
  operationId: string;
  request: PlaceOrderRequest;
  /** The moment it was placed: its deadline check, its hold and its contract's acceptance. */
  now: Date;
}

/** What the book decided for one order: new (its place among the accepted), a replay, or a refusal. */
export type OrderDecision =
  { accepted: number } | { replay: OrderRow } | { replayOfAccepted: number } | { refused: AppError };

interface AcceptedOrder {
  request: OrderRequest;
  values: typeof orders.$inferInsert & { id: string };
  operation: OperationRow;
  notice: UserNotice;
  /** The operation's allocated tons once this order is placed (its audit row says so). */
  allocatedTons: number;
}

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

/** A replayed key must describe the same order; anything else is a client bug worth refusing. */
export function assertSameOrder(
  row: Pick<OrderRow, 'operationId' | 'volume' | 'paymentMethod'>,
  { operationId, request }: Pick<OrderRequest, 'operationId' | 'request'>,
): void {
  if (row.operationId !== operationId || row.volume !== request.volume || row.paymentMethod !== request.paymentMethod) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  }
}

export interface OrderBookContext {
  tx: AppTransaction;
  /** Every buyer's and seller's standing, share-locked. */
  parties: ReadonlyMap<string, OrderParty>;
  recipients: ReadonlyMap<string, Recipient>;
  settings: PlatformSettings;
  embargoedJurisdictions: readonly string[];
}

const heldKey = (operationId: string, userId: string) => `${operationId} ${userId}`;
const orderKey = (userId: string, key: string) => `${userId} ${key}`;

export class OrderBook {
  /** The locked operations as the orders accepted so far leave them. */
  private readonly operations: Map<string, OperationRow>;
  private readonly held = new Map<string, number>();
  /** Orders by (user, idempotency key): stored ones, and this batch's accepted ones by their place. */
  private readonly keys = new Map<string, OrderRow | number>();
  private readonly acceptedOrders: AcceptedOrder[] = [];
  private readonly decisions: OrderDecision[] = [];

  constructor(
    locked: ReadonlyMap<string, OperationRow>,
    stored: readonly OrderRow[],
    private readonly context: OrderBookContext,
  ) {
    this.operations = new Map([...locked].map(([id, operation]) => [id, { ...operation }]));
    for (const row of stored) {
      if (row.idempotencyKey) this.keys.set(orderKey(row.userId, row.idempotencyKey), row);
      if (row.status === 'active' && locked.has(row.operationId)) {
        const key = heldKey(row.operationId, row.userId);
        this.held.set(key, (this.held.get(key) ?? 0) + row.volume);
      }
    }
  }

  /** Checks one order against the book, in the order the batch received them; an accepted one changes the book. */
  async decide(order: OrderRequest): Promise<void> {
    try {
      this.decisions.push(await this.check(order));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.decisions.push({ refused: error });
    }
  }

  /** The stored orders the batch answers as replays (their escrow is read for the answer). */
  replayed(): string[] {
    return this.decisions.flatMap((decision) => ('replay' in decision ? [decision.replay.id] : []));
  }

  private async check(order: OrderRequest): Promise<OrderDecision> {
    const { userId, operationId, request, now } = order;
    const earlier = this.keys.get(orderKey(userId, request.idempotencyKey));
    if (typeof earlier === 'number') {
      assertSameOrder(this.acceptedOrders[earlier]!.values, order);
      return { replayOfAccepted: earlier };
    }
    if (earlier) {
      assertSameOrder(earlier, order);
      return { replay: earlier };
    }
    const operation = this.operations.get(operationId);
    if (!operation || operation.reviewStatus !== 'approved') throw new AppError('OPERATION_NOT_FOUND');
    // Conflict of interest: an operation's seller never buys in it.
    assertNotOwnOperation(operation, userId);
    const closed = closedReasonOf(operation, now);
    if (closed === 'full') throw new AppError('OPERATION_FULL');
    if (closed) throw new AppError('ORDER_CLOSED');
    // The buyer's and the seller's screening standing and the route's jurisdictions.
    const parties = orderPartiesFrom(
      this.context.parties,
      { buyerId: userId, operation },
      {
        embargoed: this.context.embargoedJurisdictions,
      },
    );
    const heldTons = this.held.get(heldKey(operationId, userId)) ?? 0;
    const limits = limitsOf(operation, heldTons);
    const problem = checkOrderVolume(request.volume, limits);
    if (problem) throw volumeError(problem, limits);
    const recipient = this.context.recipients.get(userId);
    if (!recipient) throw new AppError('NOT_FOUND');

    const amountCents = computeTotalCents(operation.pricePerTonCents, request.volume);
    // The contract the buyer accepts with the order: a copy of the deal's terms, price and parties now.
    const contract = await contractColumnsFor(
      this.context.tx,
      operation,
      { buyerId: userId, volume: request.volume, amountCents, termsVersion: request.termsVersion, now },
      parties,
    );
    const id = randomUUID();
    const paymentReference = generatePaymentReference();
    const { orderHoldHours } = this.context.settings;
    const operationTitle = operationTitleFor(operation, recipient.language);
    this.acceptedOrders.push({
      request: order,
      operation,
      allocatedTons: operation.allocatedTons + request.volume,
      values: {
        ...contract,
        id,
        operationId,
        userId,
        volume: request.volume,
        amountCents,
        paymentMethod: request.paymentMethod,
        paymentStatus: 'pending',
        status: 'active',
        paymentReference,
        idempotencyKey: request.idempotencyKey,
        termsVersion: request.termsVersion,
        expiresAt: new Date(now.getTime() + orderHoldHours * HOUR_MS),
      },
      notice: {
        recipient,
        notification: {
          type: 'order.created',
          data: {
            operationId,
            operationTitle,
            orderId: id,
            volume: request.volume,
            amountCents,
            reference: paymentReference,
          },
        },
        mail: {
          subjectKey: 'orders.mail.createdSubject',
          textKey: 'orders.mail.createdText',
          params: { title: operationTitle, volume: request.volume, reference: paymentReference, hours: orderHoldHours },
        },
      },
    });
    // What the next order of the batch is checked against.
    operation.allocatedTons += request.volume;
    if (operation.allocatedTons === operation.totalTons && operation.status === 'active')
      operation.status = 'allocated';
    this.held.set(heldKey(operationId, userId), heldTons + request.volume);
    this.keys.set(orderKey(userId, request.idempotencyKey), this.acceptedOrders.length - 1);
    return { accepted: this.acceptedOrders.length - 1 };
  }

  /** The orders to insert, in arrival order. */
  accepted(): readonly AcceptedOrder[] {
    return this.acceptedOrders;
  }

  /** The tons each operation gains; the order that takes its last ton is the one that fills it. */
  allocations(): { operation: OperationRow; tons: number; actorId: string }[] {
    const byOperation = new Map<string, { operation: OperationRow; tons: number; actorId: string }>();
    for (const { operation, request } of this.acceptedOrders) {
      const allocation = byOperation.get(operation.id) ?? { operation, tons: 0, actorId: request.userId };
      allocation.tons += request.request.volume;
      allocation.actorId = request.userId;
      byOperation.set(operation.id, allocation);
    }
    return [...byOperation.values()];
  }

  /** The latest moment of the batch's orders: the operations' updated_at. */
  latest(): Date {
    return new Date(Math.max(...this.acceptedOrders.map(({ request }) => request.now.getTime())));
  }

  audits(rows: readonly OrderRow[]): AuditEntry[] {
    const byId = new Map(rows.map((row) => [row.id, row]));
    return this.acceptedOrders.map(({ values, request, allocatedTons }) => {
      const row = byId.get(values.id)!;
      return {
        actorId: request.userId,
        action: 'order.created',
        entityType: 'order',
        entityId: row.id,
        data: { operationId: row.operationId, volume: row.volume, amountCents: row.amountCents, allocatedTons },
      };
    });
  }

  notices(): UserNotice[] {
    return this.acceptedOrders.map(({ notice }) => notice);
  }

  /** Each order's answer: a new order (no escrow movement yet), a replay with its escrow, or its refusal. */
  outcomes(
    rows: readonly OrderRow[],
    escrow: ReadonlyMap<string, { state: PlaceOrderResult['order']['escrow']['state']; heldCents: number }>,
  ): Outcome<PlaceOrderResult>[] {
    const byId = new Map(rows.map((row) => [row.id, row]));
    const rowOf = (index: number) => byId.get(this.acceptedOrders[index]!.values.id)!;
    return this.decisions.map((decision) => {
      if ('refused' in decision) return { ok: false, error: decision.refused };
      if ('accepted' in decision)
        return { ok: true, value: { order: toOrder(rowOf(decision.accepted), undefined), created: true } };
      if ('replayOfAccepted' in decision) {
        return { ok: true, value: { order: toOrder(rowOf(decision.replayOfAccepted), undefined), created: false } };
      }
      return { ok: true, value: { order: toOrder(decision.replay, escrow.get(decision.replay.id)), created: false } };
    });
  }
}
