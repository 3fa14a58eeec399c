/** An admin's decision of a dispute and its plan, shared with the payout preview (split from disputes.service.ts). */
// Disputes: a failed inspection or a participant opens one (with evidence files), an admin decides it.
import { type DisputeDecisionRequest, canApply, findPartialRefundProblems, writeLedgerMemo } from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { disputes } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { assertPlanConfirmed, bookPayoutPlan } from '../escrow/escrow.service';
import { getEscrowStates } from '../escrow/read-escrow.service';
import { lockExistingOperation } from '../operations/operation-aggregate';
import { listLiveOrders } from './deal-participants';
import { finishSettlement, planDealPayout } from './settlement.service';
import { screenEscrowParties } from '../compliance/screening.service';

/** A dispute's outcome: who gets what (partial refunds per order id, in cents). */
export type DisputeOutcome = Pick<DisputeDecisionRequest, 'decision' | 'refunds'>;

/**
 * Under the operation's lock: refuses a decision that may not happen (no dispute open; a partial
 * refund without an amount for every order holding money, above what one holds, or naming an
 * order outside the deal: findPartialRefundProblems, the rule the admin's form applies too) and
 * plans it. The decision and its preview both start here.
 */
export async function prepareDisputeDecision(tx: AppTransaction, operationId: string, outcome: DisputeOutcome) {
  const operation = await lockExistingOperation(tx, operationId);
  if (!canApply(operation.status, 'decide_dispute')) {
    throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
  }
  const refunds = outcome.refunds ?? {};
  if (outcome.decision === 'partial') {
    const live = await listLiveOrders(tx, operationId);
    const states = await getEscrowStates(
      tx,
      live.map((p) => p.id),
    );
    const holdings = live.map((p) => ({ id: p.id, heldCents: states.get(p.id)?.heldCents ?? 0 }));
    const [problem] = findPartialRefundProblems(holdings, refunds);
    if (problem) {
      const company = live.find((p) => p.id === problem.orderId)?.companyName ?? '';
      if (problem.kind === 'missing') throw new AppError('REFUND_MISSING', { company });
      if (problem.kind === 'exceeds') throw new AppError('REFUND_EXCEEDS_HELD', { company });
      throw new AppError('VALIDATION_FAILED', {}, { fields: { [`refunds.${problem.orderId}`]: 'validation.invalid' } });
    }
  }
  const plan = await planDealPayout(tx, operationId, ({ id, heldCents }) =>
    outcome.decision === 'refund' ? heldCents : outcome.decision === 'release' ? 0 : refunds[id]!,
  );
  return { operation, plan };
}

/**
 * Ends the deal's open dispute (a failed inspection's or a participant's): release everything to
 * the seller, refund everything to the buyers, or a partial refund per order (the rest to
 * the seller), each order paid out once through the ledger; the dispute row is marked
 * decided in the same transaction. With a preview digest, a plan that changed since the admin's
 * confirmation is refused (PAYOUT_CHANGED) and nothing moves.
 */
export async function decideDispute(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  request: DisputeDecisionRequest,
  now = new Date(),
): Promise<void> {
  // Its parties are screened first (a hit is recorded whatever happens next); the payout checks their standing.
  await screenEscrowParties(db, operationId, { actorId: admin.user.id });
  await db.transaction(async (tx) => {
    const { operation, plan } = await prepareDisputeDecision(tx, operationId, request);
    assertPlanConfirmed(plan, request.previewDigest);
    const totals = await bookPayoutPlan(tx, plan, admin.user.id, writeLedgerMemo(`dispute_${request.decision}`));
    await tx
      .update(disputes)
      .set({
        status: 'decided',
        decision: request.decision,
        decisionReason: request.reason,
        decidedBy: admin.user.id,
        decidedAt: now,
      })
      .where(and(eq(disputes.operationId, operationId), eq(disputes.status, 'open')));
    await finishSettlement(
      tx,
      operation,
      'decide_dispute',
      admin,
      { result: request.decision, notes: request.reason, type: 'operation.dispute_decided', totals },
      now,
    );
  });
}
