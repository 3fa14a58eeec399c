import { type FinalMeasurementResponse, computeShortfallRefunds, tonsToKg, writeLedgerMemo } from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { operationFinalMeasurements, operationMilestones } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../audit/audit.service';
import { screenEscrowParties } from '../compliance/screening.service';
import { assertPlanConfirmed, bookPayoutPlan, planPayouts } from '../escrow/escrow.service';
import { getEscrowStates } from '../escrow/read-escrow.service';
import { lockExistingOperation } from '../operations/operation-aggregate';
import { listLiveOrders } from './deal-participants';

/**
 * The net weight the deal's inspection recorded (the inspector's certificate), in kilograms, or
 * null when the inspection stated none (an admin's inspection may leave it out).
 */
export async function inspectionNetWeightKg(tx: AppTransaction, operationId: string): Promise<number | null> {
  const [inspection] = await tx
    .select({ details: operationMilestones.details })
    .from(operationMilestones)
    .where(and(eq(operationMilestones.operationId, operationId), eq(operationMilestones.kind, 'inspection')));
  return inspection?.details?.netWeightKg ?? null;
}

/**
 * Under the operation's lock: refuses a final measurement that may not be recorded now (the deal
 * not settled, one already recorded, nothing held back) and plans the holdback's payout (the
 * second tranche, docs/decisions/021): the measured net weight against the orders' tons, a
 * shortfall beyond the deal's quantity tolerance refunded to each buyer pro rata to the cent
 * (computeShortfallRefunds: largest remainder), the rest to the seller less the platform's fee
 * (computePayoutSplit, through planPayouts). The action and its preview both start here. Without
 * `measuredNetTons`, the weight is the one the inspection recorded (the assigned inspector's
 * certificate); an admin's figure, when given, prevails (a re-weighing at the warehouse).
 */
export async function prepareFinalMeasurement(
  tx: AppTransaction,
  operationId: string,
  measuredNetTons: number | undefined,
) {
  const operation = await lockExistingOperation(tx, operationId);
  if (operation.status !== 'settled') throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
  const [recorded] = await tx
    .select({ id: operationFinalMeasurements.operationId })
    .from(operationFinalMeasurements)
    .where(eq(operationFinalMeasurements.operationId, operationId));
  if (recorded) throw new AppError('FINAL_MEASUREMENT_RECORDED');
  const inspectedKg = await inspectionNetWeightKg(tx, operationId);
  const measuredKg = measuredNetTons === undefined ? inspectedKg : tonsToKg(measuredNetTons);
  if (measuredKg === null) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { measuredNetTons: 'validation.required' } });
  }
  const orders = await listLiveOrders(tx, operationId);
  const states = await getEscrowStates(
    tx,
    orders.map((order) => order.id),
  );
  const shortfall = computeShortfallRefunds({
    orders: orders.map((order) => ({
      id: order.id,
      tons: order.volume,
      depositedCents: order.amountCents,
      heldCents: states.get(order.id)?.heldCents ?? 0,
    })),
    measuredKg,
    tolerancePercent: operation.tradeTerms.quantityTolerancePercent,
  });
  const refunds = new Map(shortfall.refunds.map((refund) => [refund.id, refund.refundCents]));
  const plan = await planPayouts(tx, orders, (order) => refunds.get(order.id) ?? 0, { tranche: 2 });
  if (plan.lines.length === 0) throw new AppError('NOTHING_HELD_BACK');
  return {
    operation,
    shortfall,
    plan,
    inspectedKg,
    measuredBy: measuredNetTons === undefined ? 'inspection' : 'admin',
  };
}

/**
 * Records a settled deal's final measurement and pays its holdback out in one transaction: the
 * buyers' shortfall refunds and the seller's remainder (net of fee), one transfer per order. With
 * `previewDigest` (the confirmation's), a plan that changed since is refused (PAYOUT_CHANGED).
 */
export async function recordFinalMeasurement(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  request: {
    measuredNetTons?: number | undefined;
    qualityNotes?: string | undefined;
    previewDigest?: string | undefined;
  },
): Promise<FinalMeasurementResponse> {
  await screenEscrowParties(db, operationId, { actorId: admin.user.id });
  return db.transaction(async (tx) => {
    const { operation, shortfall, plan, inspectedKg, measuredBy } = await prepareFinalMeasurement(
      tx,
      operationId,
      request.measuredNetTons,
    );
    assertPlanConfirmed(plan, request.previewDigest);
    const totals = await bookPayoutPlan(tx, plan, admin.user.id, writeLedgerMemo('final_measurement'));
    await tx.insert(operationFinalMeasurements).values({
      operationId,
      measuredNetKg: shortfall.measuredKg,
      contractedKg: shortfall.contractedKg,
      tolerancePercent: operation.tradeTerms.quantityTolerancePercent,
      shortfallKg: shortfall.shortfallKg,
      refundCents: totals.refundedCents,
      qualityNotes: request.qualityNotes ?? null,
      recordedBy: admin.user.id,
    });
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'operation.final_measurement',
      entityType: 'operation',
      entityId: operationId,
      data: {
        measuredNetKg: shortfall.measuredKg,
        measuredBy,
        inspectionNetKg: inspectedKg,
        contractedKg: shortfall.contractedKg,
        shortfallKg: shortfall.shortfallKg,
        shortfallValueCents: shortfall.valueCents,
        refundedCents: totals.refundedCents,
        releasedCents: totals.releasedCents,
      },
    });
    return {
      contractedKg: shortfall.contractedKg,
      measuredNetKg: shortfall.measuredKg,
      toleranceKg: shortfall.toleranceKg,
      shortfallKg: shortfall.shortfallKg,
      refundCents: totals.refundedCents,
      releasedCents: totals.releasedCents,
    };
  });
}
