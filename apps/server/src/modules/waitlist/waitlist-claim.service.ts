import { type ClaimWaitlistInvitationRequest, type ClaimWaitlistInvitationResponse } from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { orders, operationWaitlist } from '../../db/schema';
import { AppError } from '../../errors';
import { type JobQueue } from '../../jobs/job-queue';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../audit/audit.service';
import { assertNotOwnOperation } from '../orders/orders.service';
import { placeOrder } from '../orders/place-order.service';
import { lockOperation, returnTons } from '../operations/operation-aggregate';

/**
 * Turns the tons a buyer is invited to take into their order, in one transaction under
 * the operation's row lock: the invitation's hold is lifted (allocated_tons minus
 * the invited tons) and the order is placed through the one order path,
 * placeOrder (as a savepoint of this transaction), which takes exactly
 * those tons back — so nobody else can take them in between, and a failing
 * order leaves the invitation as it was. A replayed claim (same idempotency key)
 * answers with the order it created.
 */
export async function claimWaitlistInvitation(
  db: AppDatabase,
  _jobs: JobQueue,
  auth: Pick<AuthContext, 'user'>,
  operationId: string,
  request: ClaimWaitlistInvitationRequest,
  now: Date = new Date(),
): Promise<ClaimWaitlistInvitationResponse> {
  const userId = auth.user.id;
  return db.transaction(async (tx) => {
    const operation = await lockOperation(tx, operationId);
    if (!operation || operation.reviewStatus !== 'approved') throw new AppError('OPERATION_NOT_FOUND');
    // Before the hold is lifted: a refused claim leaves the invitation and the tonnage as they were.
    assertNotOwnOperation(operation, userId);
    const [entry] = await tx
      .select()
      .from(operationWaitlist)
      .where(
        and(
          eq(operationWaitlist.operationId, operationId),
          eq(operationWaitlist.userId, userId),
          eq(operationWaitlist.status, 'invited'),
        ),
      )
      .for('update');
    if (!entry) {
      const [replayed] = await tx
        .select({ id: orders.id, volume: orders.volume })
        .from(operationWaitlist)
        .innerJoin(orders, eq(orders.id, operationWaitlist.orderId))
        .where(
          and(
            eq(operationWaitlist.operationId, operationId),
            eq(operationWaitlist.userId, userId),
            eq(operationWaitlist.status, 'claimed'),
            eq(orders.idempotencyKey, request.idempotencyKey),
          ),
        );
      if (replayed) return { orderId: replayed.id, volume: replayed.volume };
      throw new AppError('WAITLIST_NO_INVITATION');
    }
    if (!entry.invitationExpiresAt || entry.invitationExpiresAt.getTime() <= now.getTime()) {
      throw new AppError('WAITLIST_INVITATION_EXPIRED');
    }
    const tons = entry.invitedTons ?? 0;
    // The invitation ends before its tons go back (allocated_tons = live orders + open invitations holds at each
    // step), and the order takes them again below; the deal's status does not move in between.
    await tx
      .update(operationWaitlist)
      .set({ status: 'claimed', updatedAt: now })
      .where(eq(operationWaitlist.id, entry.id));
    await returnTons(tx, operationId, tons, { actorId: userId, now, reopen: false });
    // placeOrder opens its own transaction: on a transaction handle that is a savepoint.
    const { order } = await placeOrder(
      tx as unknown as AppDatabase,
      auth,
      operationId,
      {
        volume: tons,
        paymentMethod: request.paymentMethod,
        idempotencyKey: request.idempotencyKey,
        termsVersion: request.termsVersion,
      },
      now,
    );
    await tx
      .update(operationWaitlist)
      .set({ orderId: order.id, updatedAt: now })
      .where(eq(operationWaitlist.id, entry.id));
    await writeAudit(tx, {
      actorId: userId,
      action: 'waitlist.claimed',
      entityType: 'operation_waitlist',
      entityId: entry.id,
      data: { operationId, orderId: order.id, tons },
    });
    return { orderId: order.id, volume: order.volume };
  });
}
