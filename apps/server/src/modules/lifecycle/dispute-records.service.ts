// A deal's dispute records as the operation room and the back office read them (decisions: disputes.service.ts).
import {
  type DisputeDecision,
  type DisputeStatus,
  type DisputeSummary,
  type DisputeWindow,
  type OperationStatus,
  canApply,
  disputeWindowEndsAt,
} from '@tradeops/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { type AppTransaction, type Queryable } from '../../db/client';
import { disputeEvidence, disputes, operationMilestones, orders, profiles } from '../../db/schema';
import { type OperationRow } from '../operations/operation-aggregate';
import { getPlatformSettings } from '../settings/settings.service';

/** The open dispute of a deal, if any (at most one: a partial unique index). */
export async function findOpenDispute(db: Queryable, operationId: string) {
  const [row] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.operationId, operationId), eq(disputes.status, 'open')))
    .limit(1);
  return row ?? null;
}

/** A failed inspection opens the deal's dispute, in the inspection's transaction. */
export async function openInspectionDispute(
  tx: AppTransaction,
  operationId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.insert(disputes).values({ operationId, openedBy: 'inspection', reason, createdAt: now });
}

/** The caller's live, paid order in the deal: what lets a buyer open a dispute or add evidence. */
export async function findPaidLiveOrder(db: Queryable, operationId: string, userId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.operationId, operationId),
        eq(orders.userId, userId),
        eq(orders.status, 'active'),
        eq(orders.paymentStatus, 'confirmed'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** When the window to open a dispute ends (null before arrival). */
export async function getWindowEnd(db: Queryable, operationId: string): Promise<Date | null> {
  const [arrival] = await db
    .select({ occurredAt: operationMilestones.occurredAt })
    .from(operationMilestones)
    .where(and(eq(operationMilestones.operationId, operationId), eq(operationMilestones.kind, 'arrival')))
    .limit(1);
  if (!arrival) return null;
  const { disputeWindowDays } = await getPlatformSettings(db);
  return disputeWindowEndsAt(arrival.occurredAt, disputeWindowDays);
}

/** Whether a dispute may be opened on a deal in this status, at this time. */
export function isWindowOpen(status: OperationStatus, closesAt: Date | null, now: Date): boolean {
  return canApply(status, 'open_dispute') && closesAt !== null && now.getTime() < closesAt.getTime();
}

/** What the viewer may do about disputes on this deal now (a buyer with a live, paid order only). */
export async function getDisputeWindow(
  db: Queryable,
  viewerId: string,
  operation: Pick<OperationRow, 'id' | 'status'>,
  now = new Date(),
): Promise<DisputeWindow> {
  const [closesAt, order, open] = await Promise.all([
    getWindowEnd(db, operation.id),
    findPaidLiveOrder(db, operation.id, viewerId),
    findOpenDispute(db, operation.id),
  ]);
  return {
    canOpen: order !== null && open === null && isWindowOpen(operation.status, closesAt, now),
    canAddEvidence: order !== null && open !== null,
    closesAt: closesAt?.toISOString() ?? null,
  };
}

/** The deal's latest dispute with its evidence (null when it never had one). */
export async function getLatestDispute(db: Queryable, operationId: string): Promise<DisputeSummary | null> {
  const [row] = await db
    .select({ dispute: disputes, company: profiles.companyName })
    .from(disputes)
    .leftJoin(profiles, eq(profiles.id, disputes.openedByUserId))
    .where(eq(disputes.operationId, operationId))
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(1);
  if (!row) return null;
  const evidence = await db
    .select({ file: disputeEvidence, company: profiles.companyName })
    .from(disputeEvidence)
    .leftJoin(profiles, eq(profiles.id, disputeEvidence.uploadedBy))
    .where(eq(disputeEvidence.disputeId, row.dispute.id))
    .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.id));
  const { dispute } = row;
  return {
    id: dispute.id,
    status: dispute.status,
    openedBy: dispute.openedBy,
    openedByCompany: row.company,
    reason: dispute.reason,
    openedAt: dispute.createdAt.toISOString(),
    decision: dispute.decision ?? null,
    decisionReason: dispute.decisionReason,
    decidedAt: dispute.decidedAt?.toISOString() ?? null,
    evidence: evidence.map(({ file, company }) => ({
      id: file.id,
      fileName: file.fileName,
      sizeBytes: file.sizeBytes,
      uploadedBy: company,
      createdAt: file.createdAt.toISOString(),
    })),
  };
}

/** Each deal's latest dispute state (open, or decided and how), by operation id (the buyer's dashboard). */
export async function getLatestDisputeStates(
  db: Queryable,
  operationIds: string[],
): Promise<Map<string, { status: DisputeStatus; decision: DisputeDecision | null }>> {
  const result = new Map<string, { status: DisputeStatus; decision: DisputeDecision | null }>();
  if (operationIds.length === 0) return result;
  const rows = await db
    .select({ operationId: disputes.operationId, status: disputes.status, decision: disputes.decision })
    .from(disputes)
    .where(inArray(disputes.operationId, operationIds))
    .orderBy(desc(disputes.createdAt), desc(disputes.id));
  for (const row of rows) {
    if (!result.has(row.operationId)) {
      result.set(row.operationId, { status: row.status, decision: row.decision ?? null });
    }
  }
  return result;
}
