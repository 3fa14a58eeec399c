import {
  type NotificationType,
  type OperationMilestoneKind,
  canApply,
  fundRetentionEndsAt,
  toIsoDate,
  writeLedgerMemo,
} from '@tradeops/shared';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { operationMilestones } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { getEscrowStates, payOutParticipation } from '../escrow/escrow.service';
import { type OperationRow, lockExistingOperation, transition } from '../operations/operation-aggregate';
import { getPlatformSettings } from '../settings/settings.service';
import { listLiveParticipations, notifyDeal } from './deal-participants';
import { findOpenDispute } from './dispute-records.service';
import { inspectionResultOf, listMilestones } from './milestones.service';

/** Pays out every participation of a deal that still holds money, by one rule per participation. */
export async function payOutDeal(
  tx: AppTransaction,
  operationId: string,
  refundFor: (participation: { id: string; heldCents: number }) => number,
  actorId: string,
  memo: string,
): Promise<{ releasedCents: number; refundedCents: number }> {
  const participants = await listLiveParticipations(tx, operationId);
  const states = await getEscrowStates(
    tx,
    participants.map((p) => p.id),
  );
  let releasedCents = 0;
  let refundedCents = 0;
  for (const participant of participants) {
    const heldCents = states.get(participant.id)?.heldCents ?? 0;
    if (heldCents <= 0) continue;
    const refund = refundFor({ id: participant.id, heldCents });
    if (!Number.isInteger(refund) || refund < 0 || refund > heldCents) {
      throw new AppError('REFUND_EXCEEDS_HELD', { company: participant.companyName });
    }
    await payOutParticipation(tx, participant.id, { refundCents: refund, actorId, memo });
    refundedCents += refund;
    releasedCents += heldCents - refund;
  }
  return { releasedCents, refundedCents };
}

export async function finishSettlement(
  tx: AppTransaction,
  operation: OperationRow,
  event: 'settle' | 'decide_dispute',
  admin: AuthContext,
  outcome: { result: string; notes: string | null; type: NotificationType; totals: Record<string, number> },
  now: Date,
): Promise<void> {
  await tx.insert(operationMilestones).values({
    operationId: operation.id,
    kind: 'settlement' satisfies OperationMilestoneKind,
    occurredAt: now,
    result: outcome.result,
    notes: outcome.notes,
    createdBy: admin.user.id,
  });
  await transition(tx, operation, event, {
    actorId: admin.user.id,
    now,
    action: 'operation.settled',
    reason: outcome.notes,
    data: { result: outcome.result, ...outcome.totals },
  });
  await notifyDeal(tx, operation, outcome.type, outcome.totals);
}

/**
 * Settles a deal whose inspection passed, once the fund retention (a platform
 * setting, 30 days by default) has run from the inspection date (whole days,
 * fundRetentionEndsAt): every
 * participation's escrow goes to the seller, the deal is closed.
 */
export async function settleOperation(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const operation = await lockExistingOperation(tx, operationId);
    // A dispute open (a failed inspection's or a participant's) holds the money until an admin decides it.
    if (canApply(operation.status, 'decide_dispute') || (await findOpenDispute(tx, operationId))) {
      throw new AppError('DISPUTE_OPEN');
    }
    if (!canApply(operation.status, 'settle')) {
      throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
    }
    const milestones = await listMilestones(tx, operationId);
    if (inspectionResultOf(milestones) !== 'passed') throw new AppError('DISPUTE_OPEN');
    const inspection = milestones.find((m) => m.kind === 'inspection')!;
    const { fundRetentionDays } = await getPlatformSettings(tx);
    const settleableAt = fundRetentionEndsAt(inspection.occurredAt, fundRetentionDays);
    if (settleableAt.getTime() > now.getTime()) {
      throw new AppError('RETENTION_NOT_ENDED', { date: toIsoDate(settleableAt) });
    }
    const totals = await payOutDeal(tx, operationId, () => 0, admin.user.id, writeLedgerMemo('settlement'));
    await finishSettlement(
      tx,
      operation,
      'settle',
      admin,
      { result: 'released', notes: null, type: 'operation.settled', totals },
      now,
    );
  });
}
