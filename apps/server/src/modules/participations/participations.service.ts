import { randomInt, randomUUID } from 'node:crypto';
import {
  buildPaymentReference,
  operationTitleFor,
  type AllocationLimits,
  type CreateParticipationRequest,
  DEFAULT_ORDER_TONS,
  MIN_PRICE_PER_TON_CENTS,
  type ParticipationFormResponse,
  type OrderVolumeProblem,
  type Participation,
  type ParticipationResponse,
  checkOrderVolume,
  computeTotalCents,
  defaultOrderTons,
  isSoldOut,
  maxOrderTons,
  minOrderTons,
  HOUR_MS,
  TERMS_VERSION,
} from '@tradeops/shared';
import { and, desc, eq, or } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction, type Queryable } from '../../db/client';
import { getPgErrorCode } from '../../db/errors';
import { getHeldByBuyerTons, limitsOf } from './buyer-limits';
import { participations, operations } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { getEscrowStates } from '../escrow/escrow.service';
import { writeAudit } from '../audit/audit.service';
import { loadRecipient, notifyUser } from '../notifications/notify';
import { getPlatformSettings } from '../settings/settings.service';
import { assertOrderAllowed } from '../compliance/compliance-gates.service';
import { getComplianceSettings } from '../compliance/compliance-settings.service';
import { allocateTons, isFullStatus, lockOperation } from '../operations/operation-aggregate';
import { notifyDealAllocated } from '../lifecycle/deal-notices.service';
import { contractColumnsFor } from '../statements/contract.service';

export type ParticipationRow = typeof participations.$inferSelect;
type OperationRow = typeof operations.$inferSelect;

/** A payment reference such as "TO-7K2M9QXD4R" (shared alphabet without look-alikes), unique by a constraint. */
export function generatePaymentReference(): string {
  return buildPaymentReference((size) => randomInt(size));
}

export function toParticipation(
  row: ParticipationRow,
  escrow: { state: Participation['escrow']['state']; heldCents: number } | undefined,
): Participation {
  return {
    id: row.id,
    operation_id: row.operationId,
    user_id: row.userId,
    volume: row.volume,
    amount_cents: row.amountCents,
    payment_method: row.paymentMethod,
    payment_status: row.paymentStatus,
    status: row.status,
    payment_reference: row.paymentReference,
    payment_rejected_reason: row.paymentStatus === 'rejected' ? row.paymentRejectedReason : null,
    has_proof: row.paymentProofPath !== null,
    proof_uploaded_at: row.proofUploadedAt?.toISOString() ?? null,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    notifications_enabled: row.notificationsEnabled,
    created_at: row.createdAt.toISOString(),
    escrow: { state: escrow?.state ?? 'none', held_cents: escrow?.heldCents ?? 0 },
  };
}

/**
 * A participation with its escrow state. A write answers from inside its own transaction: a read
 * on another connection after the commit could fail (pool exhausted) and answer 503 for a change
 * that was made.
 */
export async function withEscrow(db: Queryable, row: ParticipationRow): Promise<Participation> {
  const states = await getEscrowStates(db, [row.id]);
  return toParticipation(row, states.get(row.id));
}

/**
 * The account that published an operation cannot order, queue or claim tons in it, whatever
 * mode it switched itself to: it would fill its own deal, move its own escrow and read its
 * buyers' deal room as one of them.
 */
export function assertNotOwnOperation(operation: Pick<OperationRow, 'sellerId'>, userId: string): void {
  if (operation.sellerId === userId) throw new AppError('OWN_OPERATION');
}

/** Why no order can be taken now (status, deadline), or null while the operation is open. */
function closedReasonOf(operation: OperationRow, now: Date): 'closed' | 'full' | null {
  if (isFullStatus(operation.status)) return 'full';
  if (operation.status !== 'active' || operation.reviewStatus !== 'approved') return 'closed';
  if (operation.deadline && operation.deadline.getTime() <= now.getTime()) return 'closed';
  // A price below the floor (stored before it existed, e.g. 0 ¢) could never be paid into escrow.
  if (operation.pricePerTonCents < MIN_PRICE_PER_TON_CENTS) return 'closed';
  return null;
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

/** Thrown inside the order's transaction to roll back its own writes when the key was already used. */
class ReplayedParticipation extends Error {
  constructor(readonly row: ParticipationRow) {
    super('replayed participation');
  }
}

/**
 * Under the operation's lock, in one statement: the tons this buyer holds in live orders of the
 * operation (the per-participant cap counts them all) and an order already stored under `key`.
 */
async function getBuyerParticipationState(tx: AppTransaction, operationId: string, userId: string, key: string) {
  const rows = await tx
    .select()
    .from(participations)
    .where(
      and(
        eq(participations.userId, userId),
        or(
          eq(participations.idempotencyKey, key),
          and(eq(participations.operationId, operationId), eq(participations.status, 'active')),
        ),
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
    .from(participations)
    .where(and(eq(participations.userId, userId), eq(participations.idempotencyKey, key)));
  return row ?? null;
}

/** A replayed key must describe the same order; anything else is a client bug worth refusing. */
function assertSameOrder(row: ParticipationRow, operationId: string, request: CreateParticipationRequest): void {
  if (
    row.operationId !== operationId ||
    row.volume !== request.volume ||
    row.paymentMethod !== request.payment_method
  ) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  }
}

export interface CreateParticipationResult {
  participation: Participation;
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
export async function createParticipation(
  db: AppDatabase,
  auth: Pick<AuthContext, 'user'>,
  operationId: string,
  request: CreateParticipationRequest,
  now: Date = new Date(),
): Promise<CreateParticipationResult> {
  const userId = auth.user.id;
  // The buyer must have accepted the terms in force: an order placed under older ones is refused.
  if (request.terms_version !== TERMS_VERSION) throw new AppError('TERMS_NOT_ACCEPTED', { version: TERMS_VERSION });
  const replay = await findByIdempotencyKey(db, userId, request.idempotency_key);
  if (replay) {
    assertSameOrder(replay, operationId, request);
    return { participation: await withEscrow(db, replay), created: false };
  }
  const settings = await getPlatformSettings(db);
  const compliance = await getComplianceSettings(db);
  // What never changes once an operation is approved (price, titles) is read before the lock;
  // a closed or full operation is refused here without writing anything (checked again under it).
  const [preview] = await db.select().from(operations).where(eq(operations.id, operationId));
  if (!preview || preview.reviewStatus !== 'approved') throw new AppError('OPERATION_NOT_FOUND');
  // Conflict of interest: an operation's seller never buys in it (its seller never changes).
  assertNotOwnOperation(preview, userId);
  const early = closedReasonOf(preview, now);
  if (early === 'full') throw new AppError('OPERATION_FULL');
  if (early === 'closed') throw new AppError('ORDER_CLOSED');
  const participationId = randomUUID();
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
          type: 'participation.created',
          data: {
            operationId,
            operationTitle,
            participationId,
            volume: request.volume,
            amountCents,
            reference: paymentReference,
          },
        },
        {
          subjectKey: 'participations.mail.createdSubject',
          textKey: 'participations.mail.createdText',
          params: {
            title: operationTitle,
            volume: request.volume,
            reference: paymentReference,
            hours: settings.participationHoldHours,
          },
        },
      );

      // The row lock: from here to the commit, orders on this operation queue behind this one.
      const operation = await lockOperation(tx, operationId);
      if (!operation || operation.reviewStatus !== 'approved') throw new AppError('OPERATION_NOT_FOUND');
      // A request that raced its own replay waited for the lock: the first one's order is committed now.
      const { raced, heldTons } = await getBuyerParticipationState(tx, operationId, userId, request.idempotency_key);
      if (raced) {
        assertSameOrder(raced, operationId, request);
        // Its notification belongs to the first request: this one writes nothing.
        throw new ReplayedParticipation(raced);
      }
      const closed = closedReasonOf(operation, now);
      if (closed === 'full') throw new AppError('OPERATION_FULL');
      if (closed) throw new AppError('ORDER_CLOSED');
      // The buyer's and the seller's screening standing and the route's jurisdictions, under lock.
      await assertOrderAllowed(tx, { buyerId: userId, operation }, { embargoed: compliance.embargoedJurisdictions });

      const limits = limitsOf(operation, heldTons);
      const problem = checkOrderVolume(request.volume, limits);
      if (problem) throw volumeError(problem, limits);

      const orderAmountCents = computeTotalCents(operation.pricePerTonCents, request.volume);
      // The contract the buyer accepts with the order: a copy of the deal's terms, price and parties now.
      const contract = await contractColumnsFor(tx, operation, {
        buyerId: userId,
        volume: request.volume,
        amountCents: orderAmountCents,
        termsVersion: request.terms_version,
        now,
      });
      const [row] = await tx
        .insert(participations)
        .values({
          ...contract,
          id: participationId,
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
          expiresAt: new Date(now.getTime() + settings.participationHoldHours * HOUR_MS),
        })
        .returning();
      // The order that takes the last free ton fills the deal (active → allocated).
      const filled = await allocateTons(tx, operation, request.volume, { actorId: userId, now, fill: true });
      const { allocatedTons } = filled;
      if (filled.status === 'allocated' && operation.status !== 'allocated') await notifyDealAllocated(tx, filled);
      await writeAudit(tx, {
        actorId: userId,
        action: 'participation.created',
        entityType: 'participation',
        entityId: row!.id,
        data: { operationId, volume: row!.volume, amountCents: row!.amountCents, allocatedTons },
      });
      // A new order has no escrow movement yet: the answer needs no further read.
      return { participation: toParticipation(row!, undefined), created: true };
    });
    return result;
  } catch (error) {
    if (error instanceof ReplayedParticipation)
      return { participation: await withEscrow(db, error.row), created: false };
    // The unique (user, key) index catches a replay racing on another operation's lock.
    if (getPgErrorCode(error) === '23505') {
      const existing = await findByIdempotencyKey(db, userId, request.idempotency_key);
      if (existing) {
        assertSameOrder(existing, operationId, request);
        return { participation: await withEscrow(db, existing), created: false };
      }
    }
    throw error;
  }
}

/** The order page's figures for this buyer: limits, what they hold, and whether ordering is possible. */
export async function getParticipationForm(
  db: AppDatabase,
  auth: Pick<AuthContext, 'user'>,
  operationId: string,
  language: string,
  now: Date = new Date(),
): Promise<ParticipationFormResponse> {
  const [operation] = await db.select().from(operations).where(eq(operations.id, operationId));
  if (!operation || operation.reviewStatus !== 'approved') throw new AppError('OPERATION_NOT_FOUND');
  const held = await getHeldByBuyerTons(db, operationId, auth.user.id);
  const limits = limitsOf(operation, held);
  const mine = await findLatestLive(db, operationId, auth.user.id);
  const closed = operation.sellerId === auth.user.id ? 'own_operation' : closedReasonOf(operation, now);
  const problem = checkOrderVolume(minOrderTons(limits), limits);
  return {
    operation: {
      id: operation.id,
      title: operationTitleFor(operation, language),
      status: operation.status,
      total_tons: operation.totalTons,
      allocated_tons: operation.allocatedTons,
      available_tons: Math.max(0, operation.totalTons - operation.allocatedTons),
      lot_step_tons: operation.lotStepTons,
      min_volume: operation.minVolume,
      max_per_participant_tons: operation.maxPerParticipantTons,
      price_per_ton_cents: operation.pricePerTonCents,
      deadline: operation.deadline?.toISOString() ?? null,
    },
    trade_terms: operation.tradeTerms,
    held_by_me_tons: held,
    min_order_tons: minOrderTons(limits),
    max_order_tons: maxOrderTons(limits),
    default_order_tons: defaultOrderTons(limits, DEFAULT_ORDER_TONS),
    closed_reason: closed ?? (isSoldOut(limits) ? 'full' : problem === 'cap_reached' ? 'cap_reached' : null),
    my_participation_id: mine?.id ?? null,
  };
}

async function findLatestLive(db: Queryable, operationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(participations)
    .where(
      and(
        eq(participations.operationId, operationId),
        eq(participations.userId, userId),
        eq(participations.status, 'active'),
      ),
    )
    .orderBy(desc(participations.createdAt), desc(participations.id))
    .limit(1);
  return row ?? null;
}

async function describeParticipation(
  db: AppDatabase,
  row: ParticipationRow,
  language: string,
): Promise<ParticipationResponse> {
  const [operation] = await db.select().from(operations).where(eq(operations.id, row.operationId));
  if (!operation) throw new AppError('PARTICIPATION_NOT_FOUND');
  const settings = await getPlatformSettings(db);
  return {
    participation: await withEscrow(db, row),
    operation: { id: operation.id, title: operationTitleFor(operation, language), status: operation.status },
    instructions: {
      bank: settings.escrowBankDetails,
      reference: row.paymentReference,
      amount_cents: row.amountCents,
    },
  };
}

/** The caller's latest live order in an operation, with its payment instructions and escrow state. */
export async function getMyParticipation(
  db: AppDatabase,
  auth: Pick<AuthContext, 'user'>,
  operationId: string,
  language: string,
): Promise<ParticipationResponse> {
  const row = await findLatestLive(db, operationId, auth.user.id);
  if (!row) {
    // No order is an answer only where one could be placed: an unknown or unpublished operation is not found.
    const [operation] = await db
      .select({ reviewStatus: operations.reviewStatus })
      .from(operations)
      .where(eq(operations.id, operationId));
    throw new AppError(operation?.reviewStatus === 'approved' ? 'PARTICIPATION_NOT_FOUND' : 'OPERATION_NOT_FOUND');
  }
  return describeParticipation(db, row, language);
}

/** A participation for its buyer or an admin; anyone else hears NOT_FOUND (no existence leak). */
export async function findVisibleParticipation(
  db: Queryable,
  auth: Pick<AuthContext, 'user' | 'isAdmin'>,
  id: string,
): Promise<ParticipationRow> {
  const [row] = await db.select().from(participations).where(eq(participations.id, id));
  if (!row || (row.userId !== auth.user.id && !auth.isAdmin)) throw new AppError('PARTICIPATION_NOT_FOUND');
  return row;
}

export async function getParticipation(
  db: AppDatabase,
  auth: Pick<AuthContext, 'user' | 'isAdmin'>,
  id: string,
  language: string,
): Promise<ParticipationResponse> {
  return describeParticipation(db, await findVisibleParticipation(db, auth, id), language);
}
