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
import { type PayoutPlan, assertPlanConfirmed, bookPayoutPlan, planPayouts } from '../escrow/escrow.service';
import { type OperationRow, lockExistingOperation, transition } from '../operations/operation-aggregate';
import { getPlatformSettings } from '../settings/settings.service';
import { screenEscrowParties } from '../compliance/screening.service';
import { listLiveOrders, notifyDeal } from './deal-participants';
import { findOpenDispute } from './dispute-records.service';
import { inspectionResultOf, listMilestones } from './milestones.service';
import { assertDocumentsFor } from './document-checklists.service';

/** What paying out every live order of a deal would book, one refund rule per order (nothing written). */
export async function planDealPayout(
  tx: AppTransaction,
  operationId: string,
  refundFor: (order: { id: string; heldCents: number }) => number,
  options: { releaseBps?: number } = {},
): Promise<PayoutPlan> {
  return planPayouts(tx, await listLiveOrders(tx, operationId), refundFor, options);
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
 * Under the operation's lock: refuses a settlement that may not happen now (a dispute open, an
 * inspection not passed, the fund retention — a platform setting, 30 days by default — still
 * running from the inspection date, in whole days: fundRetentionEndsAt), and plans it: every
 * order's escrow to the seller, less the platform's fee, but for the holdback (a platform setting,
 * 10 % by default), which stays in escrow until the final measurement (final-measurement.service.ts). The settlement and its preview both
 * start here.
 */
export async function prepareSettlement(tx: AppTransaction, operationId: string, now: Date) {
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
  // The inspector's certificates (the deal's checklist) come before any money leaves escrow.
  await assertDocumentsFor(tx, operation, 'release');
  const inspection = milestones.find((m) => m.kind === 'inspection')!;
  const { fundRetentionDays, holdbackReleaseBps } = await getPlatformSettings(tx);
  const settleableAt = fundRetentionEndsAt(inspection.occurredAt, fundRetentionDays);
  if (settleableAt.getTime() > now.getTime()) {
    throw new AppError('RETENTION_NOT_ENDED', { date: toIsoDate(settleableAt) });
  }
  // The first tranche: the seller's share now, the holdback kept until the final measurement (docs/decisions/021).
  return { operation, plan: await planDealPayout(tx, operationId, () => 0, { releaseBps: holdbackReleaseBps }) };
}

/**
 * Settles a deal whose inspection passed, once the fund retention has run: every order's
 * escrow goes to the seller less the platform's fee, the deal is closed. With `previewDigest` (the
 * confirmation's), a plan that changed since is refused (PAYOUT_CHANGED) and nothing moves.
 */
export async function settleOperation(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  options: { previewDigest?: string } = {},
  now = new Date(),
): Promise<void> {
  // Its parties are screened first (a hit is recorded whatever happens next); the payout checks their standing.
  await screenEscrowParties(db, operationId, { actorId: admin.user.id });
  await db.transaction(async (tx) => {
    const { operation, plan } = await prepareSettlement(tx, operationId, now);
    assertPlanConfirmed(plan, options.previewDigest);
    const totals = await bookPayoutPlan(tx, plan, admin.user.id, writeLedgerMemo('settlement'));
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
