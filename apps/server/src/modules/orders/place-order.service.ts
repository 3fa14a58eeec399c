/**
 * Placing orders: each order through the order desk, which places the orders that arrive together
 * in one transaction under their operations' locks (docs/decisions/025-order-batches.md).
 */
import { type PlaceOrderRequest, TERMS_VERSION } from '@tradeops/shared';
import { and, eq, inArray, or } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction, type Queryable } from '../../db/client';
import { getPgErrorCode } from '../../db/errors';
import { orders } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudits } from '../audit/audit.service';
import { loadRecipients, notifyUsers } from '../notifications/notify';
import { PLATFORM_SETTING_KEYS, platformSettingsFrom, readStoredSettings } from '../settings/settings.service';
import { lockOrderParties } from '../compliance/compliance-gates.service';
import { screenOrderParties } from '../compliance/screening.service';
import { COMPLIANCE_SETTING_KEYS, complianceSettingsFrom } from '../compliance/compliance-settings.service';
import { allocateTonsToMany, lockOperations } from '../operations/operation-aggregate';
import { notifyDealAllocated } from '../lifecycle/deal-notices.service';
import { getEscrowStates } from '../escrow/read-escrow.service';
import { type OrderRequest, type PlaceOrderResult, OrderBook, assertSameOrder } from './order-book';
import { type Outcome, OrderDesk } from './order-desk';
import { type OrderRow, withEscrow } from './orders.service';

/** Batches running at once: each holds one of the pool's ten connections while it runs. */
const ORDER_BATCHES_AT_ONCE = 4;
/** Orders one batch takes at most (its statements carry about 15 parameters per order). */
const ORDER_BATCH_SIZE = 64;
/** Screening batches at once (their statements need no lock: any waiting orders make the next one). */
const SCREENING_BATCHES_AT_ONCE = 2;
/** Orders waiting in each stage at most (about three seconds of batches on one busy deal); more answer 503. */
const ORDER_QUEUE_LIMIT = 2_000;

interface Desks {
  /** First the parties of the orders waiting are screened together (decision 018: in its own statement). */
  screening: OrderDesk<{ buyerId: string; operationId: string }, null>;
  /** Then the orders are placed together, one batch per operation at a time. */
  orders: OrderDesk<OrderRequest, PlaceOrderResult>;
}

const desksByDatabase = new WeakMap<AppDatabase, Desks>();

function desksOf(db: AppDatabase): Desks {
  let desks = desksByDatabase.get(db);
  if (!desks) {
    const full = () => new AppError('SERVICE_UNAVAILABLE');
    desks = {
      screening: new OrderDesk({
        run: async (parties) => {
          await screenOrderParties(db, parties, 'order');
          return parties.map(() => ({ ok: true as const, value: null }));
        },
        maxBatches: SCREENING_BATCHES_AT_ONCE,
        maxBatchSize: ORDER_BATCH_SIZE,
        maxWaiting: ORDER_QUEUE_LIMIT,
        oneBatchPerKey: false,
        full,
      }),
      orders: new OrderDesk({
        run: (requests) => placeOrders(db, requests),
        maxBatches: ORDER_BATCHES_AT_ONCE,
        maxBatchSize: ORDER_BATCH_SIZE,
        maxWaiting: ORDER_QUEUE_LIMIT,
        oneBatchPerKey: true,
        full,
      }),
    };
    desksByDatabase.set(db, desks);
  }
  return desks;
}

/**
 * Places an order (docs/architecture.md, Domain). Its transaction locks the operation's row (FOR
 * UPDATE), so orders of one operation run one after another and every rule is checked against
 * the figures they will change — open status, approval, deadline, lot step, minimum, the buyer's
 * remaining cap (all their live orders) and what is available. The order holds its tons until
 * `expires_at` unless paid. The CHECK on allocated_tons is the last line behind the lock.
 *
 * Idempotent per user and key: a replay (double click, retry after a timeout, two requests
 * racing) answers the first order and creates nothing.
 */
export async function placeOrder(
  db: AppDatabase,
  auth: Pick<AuthContext, 'user'>,
  operationId: string,
  request: PlaceOrderRequest,
  now: Date = new Date(),
): Promise<PlaceOrderResult> {
  // The buyer must have accepted the terms in force: an order placed under older ones is refused.
  if (request.termsVersion !== TERMS_VERSION) throw new AppError('TERMS_NOT_ACCEPTED', { version: TERMS_VERSION });
  const desks = desksOf(db);
  await desks.screening.submit(operationId, { buyerId: auth.user.id, operationId });
  return desks.orders.submit(operationId, { userId: auth.user.id, operationId, request, now });
}

/**
 * Orders placed together. Their transaction failing as a whole (a key or payment reference racing
 * another transaction, a lost connection) must not refuse orders that had nothing to do with it:
 * each is then placed again alone, and only the one that caused it answers the failure.
 */
async function placeOrders(db: AppDatabase, requests: OrderRequest[]): Promise<Outcome<PlaceOrderResult>[]> {
  if (requests.length > 1) {
    try {
      return await placeTogether(db, requests);
    } catch {
      const outcomes: Outcome<PlaceOrderResult>[] = [];
      for (const request of requests) outcomes.push(...(await placeOrders(db, [request])));
      return outcomes;
    }
  }
  const [request] = requests as [OrderRequest];
  try {
    return await placeTogether(db, requests);
  } catch (error) {
    // The unique (user, key) index catches a replay racing on another operation's lock.
    if (getPgErrorCode(error) === '23505') {
      const existing = await findByIdempotencyKey(db, request.userId, request.request.idempotencyKey);
      if (existing) {
        try {
          assertSameOrder(existing, request);
          return [{ ok: true, value: { order: await withEscrow(db, existing), created: false } }];
        } catch (refusal) {
          return [{ ok: false, error: refusal }];
        }
      }
    }
    return [{ ok: false, error }];
  }
}

async function findByIdempotencyKey(db: Queryable, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

/**
 * Under the operations' locks, in one statement: every order of the batch's buyers stored under one
 * of the batch's keys (a replay) or live in one of its operations (the per-participant cap counts
 * them all). A superset: the order book matches them by (user, key) and (operation, user).
 */
async function readBuyersOrders(tx: AppTransaction, requests: OrderRequest[]): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.userId, [...new Set(requests.map((request) => request.userId))]),
        or(
          inArray(orders.idempotencyKey, [...new Set(requests.map((request) => request.request.idempotencyKey))]),
          and(
            inArray(orders.operationId, [...new Set(requests.map((request) => request.operationId))]),
            eq(orders.status, 'active'),
          ),
        ),
      ),
    );
}

/**
 * One transaction for the batch: the buyers as recipients (before any lock), every operation locked
 * at once in id order, the buyers' orders and both parties' standings (share-locked) read once;
 * then the order book checks each order in arrival order and the accepted ones are written in four
 * statements — the orders, their operations' tons (with the invariant), the audit rows and the
 * buyers' notifications — and commit together. Throws only when the transaction itself fails.
 */
async function placeTogether(db: AppDatabase, requests: OrderRequest[]): Promise<Outcome<PlaceOrderResult>[]> {
  // The platform's and the compliance settings in one read.
  const stored = await readStoredSettings(db, [...PLATFORM_SETTING_KEYS, ...COMPLIANCE_SETTING_KEYS]);
  const settings = platformSettingsFrom(stored);
  const { embargoedJurisdictions } = complianceSettingsFrom(stored);
  return db.transaction(async (tx) => {
    const buyerIds = [...new Set(requests.map((request) => request.userId))];
    const recipients = await loadRecipients(tx, buyerIds);
    // The row locks: from here to the commit, other orders on these operations queue behind this batch.
    const operations = await lockOperations(
      tx,
      requests.map((request) => request.operationId),
    );
    const stored = await readBuyersOrders(tx, requests);
    const sellerIds = [...operations.values()].map((operation) => operation.sellerId);
    const parties = await lockOrderParties(tx, [...buyerIds, ...sellerIds]);
    const book = new OrderBook(operations, stored, { tx, parties, recipients, settings, embargoedJurisdictions });
    for (const request of requests) await book.decide(request);
    const accepted = book.accepted();
    // Replays answer with their escrow, read in this transaction.
    const replayEscrow = await getEscrowStates(tx, book.replayed());
    if (accepted.length === 0) return book.outcomes([], replayEscrow);

    const rows = await tx
      .insert(orders)
      .values(accepted.map((order) => order.values))
      .returning();
    const filled = await allocateTonsToMany(tx, book.allocations(), { now: book.latest(), fill: true });
    for (const operation of filled) {
      if (operation.status === 'allocated' && operations.get(operation.id)?.status !== 'allocated') {
        await notifyDealAllocated(tx, operation);
      }
    }
    await writeAudits(tx, book.audits(rows));
    await notifyUsers(tx, book.notices());
    // New orders have no escrow movement yet: the answer needs no further read.
    return book.outcomes(rows, replayEscrow);
  });
}
