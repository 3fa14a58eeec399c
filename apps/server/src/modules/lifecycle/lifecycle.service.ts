// A deal's lifecycle as the back office sees it: the list, the control page and cancellation. Its steps
// live beside it: milestones.service.ts (shipment and inspection), settlement.service.ts, disputes.service.ts.
import {
  type AdminOperationsListResponse,
  type Language,
  type OperationControlResponse,
  type OperationStatus,
  DEFAULT_LANGUAGE,
  canApply,
  fundRetentionEndsAt,
  nextLifecycleStep,
  operationStandingFor,
  operationTitleFor,
  statusesAccepting,
  PAGE_LIMIT_DEFAULT,
  type PageQuery,
} from '@tradeops/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { operationReviewCounts, operations, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { assertPlanConfirmed } from '../escrow/escrow.service';
import { getEscrowHeldByOperation, getEscrowStates } from '../escrow/read-escrow.service';
import { endOperationWithRefunds } from '../operations/operation-end.service';
import { screenEscrowParties } from '../compliance/screening.service';
import { lockExistingOperation } from '../operations/operation-aggregate';
import { getPlatformSettings } from '../settings/settings.service';
import { listLiveOrders } from './deal-participants';
import { getLatestDispute } from './dispute-records.service';
import { inspectionResultOf, listMilestones } from './milestones.service';
import { planDealPayout } from './settlement.service';

/** An admin cancels a live deal before its goods leave (the state table's cancel; a rejected offer is the seller's to withdraw). */
function isCancellableByAdmin(status: OperationStatus): boolean {
  return status !== 'rejected' && statusesAccepting('cancel').includes(status);
}

/**
 * The step an admin may record next: the state table's, or — for a full deal whose payments are not
 * all confirmed yet (allocated, not funded) — shipment preparation, shown blocked until it is funded.
 */
function nextStepOf(status: OperationStatus) {
  return status === 'allocated' ? 'shipment_preparation' : nextLifecycleStep(status);
}

const ADMIN_OPERATIONS_KEYSET: Keyset = {
  at: operations.updatedAt,
  id: operations.id,
  order: 'desc',
  idIsUuid: true,
};
const reviewedOperations = ne(operations.reviewStatus, 'pending');

/**
 * Approved deals for the back office (titles in the admin's language), most recently changed first,
 * a page at a time. A deal that changes while the admin pages moves to the front: it shows on the
 * first page again, not twice on later ones.
 */
export async function listAdminOperations(
  db: AppDatabase,
  language: Language = DEFAULT_LANGUAGE,
  page: PageQuery = { limit: PAGE_LIMIT_DEFAULT },
): Promise<AdminOperationsListResponse> {
  const [rows, [all]] = await Promise.all([
    db
      .select({
        cursorAt: cursorAtOf(ADMIN_OPERATIONS_KEYSET),
        id: operations.id,
        title: operations.title,
        titleEn: operations.titleEn,
        status: operations.status,
        totalTons: operations.totalTons,
        allocatedTons: operations.allocatedTons,
        updatedAt: operations.updatedAt,
      })
      .from(operations)
      .where(and(reviewedOperations, afterCursor(ADMIN_OPERATIONS_KEYSET, page.cursor)))
      .orderBy(...keysetOrder(ADMIN_OPERATIONS_KEYSET))
      .limit(page.limit + 1),
    // Kept by triggers on operations (migration 0034): two rows, not a count over every operation.
    db
      .select({ n: sql<number>`coalesce(sum(${operationReviewCounts.operations}), 0)::int` })
      .from(operationReviewCounts)
      .where(ne(operationReviewCounts.reviewStatus, 'pending')),
  ]);
  const kept = rows.slice(0, page.limit);
  // The escrow accounts' maintained balances (account_balances), not a sum over the ledger.
  const held = await getEscrowHeldByOperation(
    db,
    kept.map((row) => row.id),
  );
  return toPage(
    rows,
    page,
    (row) => ({ at: row.cursorAt, id: row.id }),
    all?.n ?? 0,
    () =>
      kept.map(({ titleEn, cursorAt: _cursorAt, ...row }) => ({
        ...row,
        title: operationTitleFor({ title: row.title, titleEn }, language),
        escrowHeldCents: held.get(row.id) ?? 0,
        nextStep: nextStepOf(row.status),
        updatedAt: row.updatedAt.toISOString(),
      })),
  );
}

/** Everything the admin's control page shows, with what may be done next and why not. */
export async function getOperationControl(
  db: AppDatabase,
  operationId: string,
  language: Language = DEFAULT_LANGUAGE,
  now = new Date(),
): Promise<OperationControlResponse> {
  const [row] = await db
    .select({ operation: operations, sellerCompany: profiles.companyName })
    .from(operations)
    .innerJoin(profiles, eq(profiles.id, operations.sellerId))
    .where(eq(operations.id, operationId));
  if (!row) throw new AppError('OPERATION_NOT_FOUND');
  const { operation } = row;
  const [milestones, participants, settings, dispute] = await Promise.all([
    listMilestones(db, operationId),
    listLiveOrders(db, operationId),
    getPlatformSettings(db),
    getLatestDispute(db, operationId),
  ]);
  const escrow = await getEscrowStates(
    db,
    participants.map((p) => p.id),
  );
  const nextStep = nextStepOf(operation.status);
  // A full deal moves on to funded by itself when its last payment is confirmed; until then it waits.
  const blockedReason = operation.status === 'allocated' ? 'PAYMENTS_UNCONFIRMED' : null;
  const inspectionResult = inspectionResultOf(milestones);
  const inspection = milestones.find((m) => m.kind === 'inspection');
  const settleableAt =
    operation.status === 'inspected' && inspectionResult === 'passed' && inspection
      ? fundRetentionEndsAt(inspection.occurredAt, settings.fundRetentionDays)
      : null;
  const heldTotal = participants.reduce((sum, p) => sum + (escrow.get(p.id)?.heldCents ?? 0), 0);
  const inspectedKg = inspection?.details?.netWeightKg;
  const [inspectionRecorder] =
    inspection?.createdBy && inspectedKg !== undefined
      ? await db
          .select({ companyName: profiles.companyName })
          .from(profiles)
          .where(eq(profiles.id, inspection.createdBy))
      : [];
  return {
    operation: {
      ...operationStandingFor(operation, language),
      sellerCompany: row.sellerCompany,
    },
    milestones: milestones.map((m) => ({
      kind: m.kind,
      occurredAt: m.occurredAt.toISOString(),
      result: m.result,
      notes: m.notes,
      hasDocument: m.documentKey !== null,
    })),
    participants: participants.map((p) => {
      const state = escrow.get(p.id);
      return {
        id: p.id,
        companyName: p.companyName,
        volume: p.volume,
        amountCents: p.amountCents,
        paymentStatus: p.paymentStatus,
        heldCents: state?.heldCents ?? 0,
        refundedCents: state?.refundedCents ?? 0,
        releasedCents: state?.releasedCents ?? 0,
        feeCents: state?.feeCents ?? 0,
      };
    }),
    nextStep,
    blockedReason,
    inspectionResult,
    settleableAt: settleableAt?.toISOString() ?? null,
    canSettle: settleableAt !== null && settleableAt.getTime() <= now.getTime(),
    isDisputeOpen: canApply(operation.status, 'decide_dispute'),
    canCancel: isCancellableByAdmin(operation.status),
    escrowHeldCents: heldTotal,
    dispute,
    inspectionMeasurement:
      inspection && inspectedKg !== undefined
        ? {
            netWeightKg: inspectedKg,
            quality: inspection.details?.quality ?? null,
            recordedBy: inspectionRecorder?.companyName ?? null,
            occurredAt: inspection.occurredAt.toISOString(),
          }
        : null,
  };
}

/**
 * Under the operation's lock: refuses a cancellation the state table does not allow and plans its
 * refunds (every order's held escrow back to its buyer, no fee). The cancellation and its preview
 * both start here.
 */
export async function prepareCancellation(tx: AppTransaction, operationId: string) {
  const operation = await lockExistingOperation(tx, operationId);
  if (!isCancellableByAdmin(operation.status)) {
    throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
  }
  return { operation, plan: await planDealPayout(tx, operationId, ({ heldCents }) => heldCents) };
}

/**
 * Cancels a deal before its goods leave, with a reason: every live order ends,
 * every deposit still held is refunded through the ledger, buyers and seller are
 * told (the same path as a deadline expiry). With the confirmation's preview digest,
 * refunds that changed since are refused (PAYOUT_CHANGED) and nothing happens.
 */
export async function cancelOperation(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  reason: string,
  options: { previewDigest?: string } = {},
): Promise<void> {
  // Its parties are screened first (a hit is recorded whatever happens next); the payout checks their standing.
  await screenEscrowParties(db, operationId, { actorId: admin.user.id });
  await db.transaction(async (tx) => {
    const { operation, plan } = await prepareCancellation(tx, operationId);
    assertPlanConfirmed(plan, options.previewDigest);
    const result = await endOperationWithRefunds(tx, operationId, {
      status: 'cancelled',
      reason,
      actorId: admin.user.id,
    });
    if (!result) throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
  });
}
