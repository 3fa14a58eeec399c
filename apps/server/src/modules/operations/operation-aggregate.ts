import { type OperationEvent, type OperationStatus, nextStatus } from '@tradeops/shared';
import { type SQL, and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type AppTransaction, type Queryable, selectRows } from '../../db/client';
import { operations } from '../../db/schema';
import { AppError } from '../../errors';
import { writeAudit } from '../audit/audit.service';

/**
 * The operation aggregate: the only module that locks or writes a row of `operations` once it
 * exists (an offer's creation inserts it). Everything runs in the caller's transaction:
 *
 * - the row lock (FOR UPDATE) that serialises every change of a deal — orders, payments, releases,
 *   waitlist invitations and claims, lifecycle steps, its end. Paths that also lock an order take
 *   the operation first (lock order operation → order, so they never deadlock);
 * - `transition`: a status change checked against the shared state table, with its audit row;
 * - `allocateTons` / `returnTons`: allocated_tons, checked against the invariant
 *   allocated_tons = Σ live orders' volume + Σ invited_tons of 'invited' waitlist entries;
 * - `updateOperationFields`: any other column (an offer's edit, its review, its spec sheet).
 */

export type OperationRow = typeof operations.$inferSelect;

export interface LockOptions {
  /** Skip a row another transaction holds (the deadline sweep: two instances never take the same deal). */
  skipLocked?: boolean;
  /** An extra condition the row must meet to be locked (re-checked under the lock). */
  where?: SQL;
}

/** Locks an operation's row (FOR UPDATE) and reads it; null when there is none (or it is skipped). */
export async function lockOperation(
  tx: AppTransaction,
  operationId: string,
  options: LockOptions = {},
): Promise<OperationRow | null> {
  const [row] = await tx
    .select()
    .from(operations)
    .where(and(eq(operations.id, operationId), options.where))
    .for('update', options.skipLocked ? { skipLocked: true } : undefined);
  return row ?? null;
}

/**
 * Locks several operations' rows (FOR UPDATE) in one statement, in id order: two callers locking
 * overlapping sets wait on each other, never in a cycle. Answers the rows found, by id.
 */
export async function lockOperations(
  tx: AppTransaction,
  operationIds: readonly string[],
): Promise<Map<string, OperationRow>> {
  if (operationIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(operations)
    .where(inArray(operations.id, [...new Set(operationIds)].sort()))
    .orderBy(asc(operations.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Locks an operation's row (FOR UPDATE) and reads it; a missing operation is OPERATION_NOT_FOUND. */
export async function lockExistingOperation(tx: AppTransaction, operationId: string): Promise<OperationRow> {
  const operation = await lockOperation(tx, operationId);
  if (!operation) throw new AppError('OPERATION_NOT_FOUND');
  return operation;
}

/** Columns an edit may write: status and tonnage only change through `transition` and the tons functions. */
export type OperationFields = Omit<
  PgUpdateSetSource<typeof operations>,
  'id' | 'status' | 'allocatedTons' | 'createdAt'
>;

/** Writes columns other than status and allocated tons (the caller holds the lock, or just inserted the row). */
export async function updateOperationFields(
  tx: AppTransaction,
  operationId: string,
  fields: OperationFields,
): Promise<OperationRow> {
  const [row] = await tx.update(operations).set(fields).where(eq(operations.id, operationId)).returning();
  if (!row) throw new AppError('OPERATION_NOT_FOUND');
  return row;
}

export interface TransitionOptions {
  /** Who caused it; null for the platform's own jobs. */
  actorId: string | null;
  now?: Date;
  /** The audit row's action; `operation.<event>` unless the module names it (e.g. offer.withdrawn). */
  action?: string;
  reason?: string | null;
  /** Kept in the audit row beside from, to and event. */
  data?: Record<string, unknown>;
  /** Other columns that change with the status in the same UPDATE (e.g. the offer review's review_status). */
  fields?: OperationFields;
}

/**
 * Applies `event` to a locked operation: the state table gives the next status (a refused move is
 * OPERATION_TRANSITION_NOT_ALLOWED), the row gets it and updated_at, and the audit log one row —
 * in the caller's transaction, so the move commits or rolls back with what caused it.
 */
export async function transition(
  tx: AppTransaction,
  operation: Pick<OperationRow, 'id' | 'status'>,
  event: OperationEvent,
  options: TransitionOptions,
): Promise<OperationRow> {
  const to = nextStatus(operation.status, event);
  if (!to) throw new AppError('OPERATION_TRANSITION_NOT_ALLOWED', { status: operation.status, event });
  const now = options.now ?? new Date();
  const [row] = await tx
    .update(operations)
    .set({ ...options.fields, status: to, updatedAt: now })
    // The status the caller read under the lock: a caller that did not lock cannot move a changed row.
    .where(and(eq(operations.id, operation.id), eq(operations.status, operation.status)))
    .returning();
  if (!row) throw new AppError('OPERATION_TRANSITION_NOT_ALLOWED', { status: operation.status, event });
  await writeAudit(tx, {
    actorId: options.actorId,
    action: options.action ?? `operation.${event}`,
    entityType: 'operation',
    entityId: operation.id,
    reason: options.reason ?? null,
    data: { ...options.data, from: operation.status, to, event },
  });
  return row;
}

/**
 * Throws OPERATION_TONS_MISMATCH (rolling the transaction back) unless allocated_tons equals the live
 * orders' volume plus the tons the waitlist is invited to take. Checked after every change of
 * allocated_tons, once the orders and waitlist entries it accounts for are written.
 */
function assertTonsInvariant(row: OperationRow, held: number): void {
  if (held !== row.allocatedTons) {
    throw new AppError('OPERATION_TONS_MISMATCH', { allocated: row.allocatedTons, held });
  }
}

export interface TonsOptions {
  actorId: string | null;
  now: Date;
}

/**
 * Adds `tons` to a locked operation's allocated_tons. An order (`fill: true`) that takes the last free
 * ton fills an open deal (active → allocated); tons held for waitlist invitations never do (the claim's order
 * will). The CHECK on allocated_tons ≤ total_tons stands behind the callers' availability checks.
 */
export async function allocateTons(
  tx: AppTransaction,
  operation: Pick<OperationRow, 'id' | 'status'>,
  tons: number,
  options: TonsOptions & { fill: boolean },
): Promise<OperationRow> {
  const [row] = await allocateTonsToMany(tx, [{ operation, tons, actorId: options.actorId }], options);
  return row!;
}

/**
 * `allocateTons` for several locked operations at once (a batch of orders): one UPDATE adds each one's
 * tons and checks each one's invariant, then each deal the batch filled moves to allocated.
 */
export async function allocateTonsToMany(
  tx: AppTransaction,
  allocations: readonly { operation: Pick<OperationRow, 'id' | 'status'>; tons: number; actorId: string | null }[],
  options: Pick<TonsOptions, 'now'> & { fill: boolean },
): Promise<OperationRow[]> {
  const rows = await updateTons(
    tx,
    allocations.map(({ operation, tons }) => [operation.id, tons] as const),
    options.now,
  );
  const settled: OperationRow[] = [];
  for (const [index, row] of rows.entries()) {
    const fills = options.fill && row.allocatedTons === row.totalTons && row.status === 'active';
    const { actorId } = allocations[index]!;
    settled.push(
      fills
        ? await transition(tx, row, 'fill', { actorId, now: options.now, data: { allocatedTons: row.allocatedTons } })
        : row,
    );
  }
  return settled;
}

/**
 * Gives `tons` held by orders or waitlist invitations back to a locked operation. A full deal (allocated or
 * funded) is open again (free_tons) unless `reopen` is false: an operation that ends, or a claim that
 * turns its invitation into an order in the same transaction, keeps its status.
 */
export async function returnTons(
  tx: AppTransaction,
  operationId: string,
  tons: number,
  options: TonsOptions & { reopen?: boolean },
): Promise<OperationRow> {
  const [row] = (await updateTons(tx, [[operationId, -tons]], options.now)) as [OperationRow];
  if (tons > 0 && options.reopen !== false && nextStatus(row.status, 'free_tons')) {
    return transition(tx, row, 'free_tons', {
      actorId: options.actorId,
      now: options.now,
      data: { freedTons: tons, allocatedTons: row.allocatedTons },
    });
  }
  return row;
}

/**
 * Adds each delta to its operation's allocated_tons and checks the invariant in the same statement:
 * its RETURNING sums what holds tons (this transaction's own writes included; every other writer
 * waits on the row lock the caller holds), one round trip fewer under the lock than a separate check.
 * Answers the rows in the order of `deltas`.
 */
async function updateTons(
  tx: AppTransaction,
  deltas: readonly (readonly [operationId: string, delta: number])[],
  now: Date,
): Promise<OperationRow[]> {
  const deltaOf = sql.join(
    deltas.map(([id, delta]) => sql`when ${id}::uuid then ${delta}::int`),
    sql` `,
  );
  const results = await tx
    .update(operations)
    .set({ allocatedTons: sql`${operations.allocatedTons} + (case ${operations.id} ${deltaOf} end)`, updatedAt: now })
    .where(
      inArray(
        operations.id,
        deltas.map(([id]) => id),
      ),
    )
    .returning({
      ...getTableColumns(operations),
      // The row's own id, qualified: in the subqueries a bare "id" would be the orders' or the waitlist's.
      held: sql<number>`(
        (select coalesce(sum(volume), 0) from orders
          where operation_id = "operations"."id" and status = 'active')
        + (select coalesce(sum(invited_tons), 0) from operation_waitlist
          where operation_id = "operations"."id" and status = 'invited'))::int`.mapWith(Number),
    });
  const byId = new Map(results.map((result) => [result.id, result]));
  return deltas.map(([id]) => {
    const result = byId.get(id);
    if (!result) throw new AppError('OPERATION_NOT_FOUND');
    const { held, ...row } = result;
    assertTonsInvariant(row, held);
    return row;
  });
}

/** Whether a status still lets buyers see the deal as full (every ton allocated, paid or not). */
export function isFullStatus(status: OperationStatus): boolean {
  return status === 'allocated' || status === 'funded';
}

/**
 * Adds counted views to operations, one statement for a batch of (id, views). Raw SQL on purpose: a
 * query-builder update would also stamp updated_at, and a view is no edit. A view never waits for an
 * operation's row lock: the rows are locked in id order with SKIP LOCKED, and an operation locked
 * right now (an order batch, a cancel, a payment) is left out and answered, for the caller to keep
 * its views for the next flush (an id with no operation is neither written nor answered). Waiting
 * for the rows in the scan's order instead closed cycles with the order batches, which lock several
 * operations in id order: PostgreSQL aborted a buyer's cancel with a deadlock (a 500 in the CI soak).
 */
export async function addOperationViews(
  db: Queryable,
  batch: readonly (readonly [string, number])[],
): Promise<Set<string>> {
  if (batch.length === 0) return new Set();
  const increments = sql.join(
    batch.map(([id, views]) => sql`when ${id}::uuid then ${views}::int`),
    sql` `,
  );
  const ids = sql.join(
    batch.map(([id]) => sql`${id}::uuid`),
    sql`, `,
  );
  const busy = await selectRows<{ id: string }>(
    db,
    sql`with free as (
          select id from ${operations} where id in (${ids}) order by id for no key update skip locked
        ), written as (
          update ${operations} o set views_count = o.views_count + (case o.id ${increments} else 0 end)
          from free where o.id = free.id
          returning o.id
        )
        select id from ${operations} where id in (${ids}) and id not in (select id from written)`,
  );
  return new Set(busy.map((row) => row.id));
}
