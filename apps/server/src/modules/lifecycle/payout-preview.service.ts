import { type PayoutPreview, type PayoutPreviewRequest, payoutPreviewAmounts, sumPayoutSplits } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { profiles } from '../../db/schema';
import { payoutPlanDigest } from '../escrow/escrow.service';
import { prepareDisputeDecision } from './decide-dispute.service';
import { prepareCancellation } from './lifecycle.service';
import { prepareFinalMeasurement } from './final-measurement.service';
import { prepareSettlement } from './settlement.service';

/**
 * What a settlement, a cancellation or a dispute's decision would book now, order by order: the
 * same checks and the same plan as the action (prepareSettlement, prepareCancellation,
 * prepareDisputeDecision, prepareFinalMeasurement, each computing with computePayoutSplit), under the same lock, and
 * nothing written. The confirmation dialog shows these lines and sends their digest back with
 * the action, which is refused if its own plan differs.
 */
export async function previewPayout(
  db: AppDatabase,
  operationId: string,
  request: PayoutPreviewRequest,
  now = new Date(),
): Promise<PayoutPreview> {
  return db.transaction(async (tx) => {
    const { operation, plan } =
      request.action === 'settle'
        ? await prepareSettlement(tx, operationId, now)
        : request.action === 'cancel'
          ? await prepareCancellation(tx, operationId)
          : request.action === 'final_measurement'
            ? await prepareFinalMeasurement(tx, operationId, request.measuredNetTons)
            : await prepareDisputeDecision(tx, operationId, request);
    const [seller] = await tx
      .select({ companyName: profiles.companyName })
      .from(profiles)
      .where(eq(profiles.id, operation.sellerId));
    const totals = sumPayoutSplits(plan.lines.map((line) => line.split));
    return {
      action: request.action,
      decision: request.action === 'dispute' ? request.decision : null,
      sellerCompany: seller?.companyName ?? '',
      feeBps: plan.feeBps,
      lines: plan.lines.map(({ orderId, buyerCompany, split }) => ({
        orderId,
        buyerCompany,
        ...payoutPreviewAmounts(split),
      })),
      totals: payoutPreviewAmounts(totals),
      digest: payoutPlanDigest(plan),
    };
  });
}
