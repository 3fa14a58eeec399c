import { type DocumentFileType, type Order, canApply } from '@tradeops/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { orders, operations } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { recordDeposit } from '../escrow/escrow.service';
import { writeAudit } from '../audit/audit.service';
import { loadRecipient, notifyUser } from '../notifications/notify';
import { type OperationRow, lockOperation, transition, updateOperationFields } from '../operations/operation-aggregate';
import { operationTitleFor } from '@tradeops/shared';
import { notifyDealFunded } from '../lifecycle/deal-notices.service';
import { type OrderRow, withEscrow } from './orders.service';

export const PAYMENT_PROOF_BUCKET = 'payment-proofs' as const;

export function fileTypeOfKey(key: string | null): DocumentFileType | null {
  const extension = key?.split('.').pop();
  return extension === 'pdf' || extension === 'jpg' || extension === 'png' ? extension : null;
}

export async function lockOrder(tx: AppTransaction, id: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

async function loadOperationTitle(tx: AppTransaction, operationId: string) {
  const [operation] = await tx
    .select({ title: operations.title, titleEn: operations.titleEn })
    .from(operations)
    .where(eq(operations.id, operationId));
  return operation ?? { title: '', titleEn: null };
}

/**
 * Why a payment cannot be reviewed now: already confirmed, not waiting for a review, or its
 * proof is no longer the revision the admin looked at. A buyer cannot replace a proof under
 * review, but after a rejection (by another admin, or in another tab) they can send a new
 * one: a decision taken on the old proof must not land on the new one.
 */
function reviewRefusal(row: OrderRow, proofRevision: number): AppError | null {
  if (row.paymentStatus === 'confirmed') return new AppError('PAYMENT_ALREADY_CONFIRMED');
  if (row.paymentStatus !== 'verification' || row.status !== 'active') {
    return new AppError('PAYMENT_NOT_IN_VERIFICATION');
  }
  if (row.proofRevision !== proofRevision) return new AppError('PAYMENT_PROOF_CHANGED');
  return null;
}

/**
 * Locks the row of the order's operation (FOR UPDATE), if there is one. Taken
 * before the order's own lock: the order operation → order is the one
 * every path that ends orders uses (an operation's end, a buyer's cancel, the sweep).
 */
async function lockOperationOfOrder(tx: AppTransaction, orderId: string) {
  const [target] = await tx.select({ operationId: orders.operationId }).from(orders).where(eq(orders.id, orderId));
  return target ? lockOperation(tx, target.operationId) : null;
}

/**
 * A full deal whose every ton is now paid and held in escrow is funded (allocated → funded): only
 * then may its shipment be prepared. Paid tons equal to the total means no unpaid order and no tons
 * merely held for a waitlist invitation. Runs in the confirmation's transaction, under the operation's lock,
 * after the deposit; the deal's buyers and seller are told in it.
 */
async function fundIfFullyPaid(tx: AppTransaction, operation: OperationRow, actorId: string, now: Date) {
  if (canApply(operation.status, 'fund')) {
    const [paid] = await tx
      .select({ tons: sql<number>`coalesce(sum(${orders.volume}), 0)::int` })
      .from(orders)
      .where(
        and(eq(orders.operationId, operation.id), eq(orders.status, 'active'), eq(orders.paymentStatus, 'confirmed')),
      );
    if (Number(paid?.tons ?? 0) === operation.totalTons) {
      const funded = await transition(tx, operation, 'fund', { actorId, now, data: { paidTons: operation.totalTons } });
      await notifyDealFunded(tx, funded);
      return;
    }
  }
  // The deal's paid share changed: stamping its row announces that (NOTIFY) to every live operation room,
  // whose "still missing" figures the other buyers read.
  await updateOperationFields(tx, operation.id, { updatedAt: now });
}

/**
 * Confirms a verified payment: the status and the escrow deposit (buyer →
 * escrow) commit together. The order row is locked first, so a second
 * confirmation sees 'confirmed'; the ledger's unique deposit index stands
 * behind it, and both answer PAYMENT_ALREADY_CONFIRMED. The operation's row is
 * locked before it: the deposit's foreign key share-locks that row, so taking
 * it last deadlocked with an operation ending at the same moment (which holds
 * the operation and waits for the order).
 */
export async function confirmPayment(
  db: AppDatabase,
  admin: Pick<AuthContext, 'user'>,
  orderId: string,
  proofRevision: number,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const operation = await lockOperationOfOrder(tx, orderId);
    const locked = await lockOrder(tx, orderId);
    const refusal = reviewRefusal(locked, proofRevision);
    if (refusal) throw refusal;
    // An order stored at $0 (a price rounded to 0 ¢ before prices had a floor) has nothing to deposit:
    // a clear refusal; the proof can be rejected and the order cancelled, or the operation cancelled.
    if (locked.amountCents <= 0) throw new AppError('PAYMENT_AMOUNT_INVALID');
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({
        paymentStatus: 'confirmed',
        confirmedAt: now,
        paymentReviewedBy: admin.user.id,
        paymentReviewedAt: now,
        paymentRejectedReason: null,
        updatedAt: now,
      })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'verification')))
      .returning();
    if (!updated) throw new AppError('PAYMENT_NOT_IN_VERIFICATION');
    try {
      await recordDeposit(tx, orderId, admin.user.id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') {
        throw new AppError('PAYMENT_ALREADY_CONFIRMED', {}, { cause: error });
      }
      throw error;
    }
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'payment.confirmed',
      entityType: 'order',
      entityId: orderId,
      data: { operationId: updated.operationId, amountCents: updated.amountCents, proofRevision },
    });
    if (operation) await fundIfFullyPaid(tx, operation, admin.user.id, now);
    const recipient = await loadRecipient(tx, updated.userId);
    const operationTitle = operationTitleFor(await loadOperationTitle(tx, updated.operationId), recipient.language);
    await notifyUser(
      tx,
      recipient,
      {
        type: 'payment.confirmed',
        data: {
          operationId: updated.operationId,
          operationTitle,
          orderId,
          volume: updated.volume,
          amountCents: updated.amountCents,
          reference: updated.paymentReference,
        },
      },
      {
        subjectKey: 'orders.mail.confirmedSubject',
        textKey: 'orders.mail.confirmedText',
        params: { title: operationTitle, reference: updated.paymentReference },
      },
    );
    return withEscrow(tx, updated);
  });
}

/** Rejects a proof with a reason: the buyer is told and can upload another. */
export async function rejectPayment(
  db: AppDatabase,
  admin: Pick<AuthContext, 'user'>,
  orderId: string,
  reason: string,
  proofRevision: number,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    const refusal = reviewRefusal(locked, proofRevision);
    if (refusal) throw refusal;
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({
        paymentStatus: 'rejected',
        paymentRejectedReason: reason,
        paymentReviewedBy: admin.user.id,
        paymentReviewedAt: now,
        updatedAt: now,
      })
      .where(eq(orders.id, orderId))
      .returning();
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'payment.rejected',
      entityType: 'order',
      entityId: orderId,
      reason,
      data: { operationId: locked.operationId, storageKey: locked.paymentProofPath, proofRevision },
    });
    const recipient = await loadRecipient(tx, locked.userId);
    const operationTitle = operationTitleFor(await loadOperationTitle(tx, locked.operationId), recipient.language);
    await notifyUser(
      tx,
      recipient,
      {
        type: 'payment.rejected',
        data: {
          operationId: locked.operationId,
          operationTitle,
          orderId,
          reason,
          reference: locked.paymentReference,
        },
      },
      {
        subjectKey: 'orders.mail.rejectedSubject',
        textKey: 'orders.mail.rejectedText',
        params: { title: operationTitle, reference: locked.paymentReference, reason },
      },
    );
    return withEscrow(tx, updated!);
  });
}
