import { type DisputeDecisionRequest, canApply, writeLedgerMemo } from '@tradeops/shared';
import { type AppDatabase } from '../../db/client';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { lockExistingOperation } from '../operations/operation-aggregate';
import { listLiveParticipations } from './deal-participants';
import { finishSettlement, payOutDeal } from './settlement.service';

/**
 * Ends the dispute a failed inspection opened: release everything to the seller,
 * refund everything to the buyers, or a partial refund per participation (the
 * rest to the seller), each participation paid out once through the ledger.
 */
export async function decideDispute(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  request: DisputeDecisionRequest,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const operation = await lockExistingOperation(tx, operationId);
    if (!canApply(operation.status, 'decide_dispute')) {
      throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
    }
    const refunds = request.refunds ?? {};
    if (request.decision === 'partial') {
      const live = new Set((await listLiveParticipations(tx, operationId)).map((p) => p.id));
      if (Object.keys(refunds).some((id) => !live.has(id))) throw new AppError('VALIDATION_FAILED');
    }
    const refundFor = ({ id, heldCents }: { id: string; heldCents: number }) =>
      request.decision === 'refund' ? heldCents : request.decision === 'release' ? 0 : (refunds[id] ?? 0);
    const totals = await payOutDeal(
      tx,
      operationId,
      refundFor,
      admin.user.id,
      writeLedgerMemo(`dispute_${request.decision}`),
    );
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
