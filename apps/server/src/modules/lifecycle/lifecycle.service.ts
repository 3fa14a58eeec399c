import {
  type AdminOperationsListResponse,
  type DisputeDecisionRequest,
  type InspectionResult,
  LIFECYCLE_DOCUMENT_REQUIRED,
  type LifecycleStep,
  MIME_TYPE_BY_FILE_TYPE,
  type OperationControlResponse,
  type OperationMilestoneKind,
  type OperationStatus,
  type RecordMilestoneFields,
  detectFileType,
  fileTypeFromName,
  fundRetentionEndsAt,
  canApply,
  lifecycleStepEvent,
  nextLifecycleStep,
  DAY_MS,
  statusesAccepting,
} from '@tradeops/shared';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { type AppDatabase, type AppTransaction, type Queryable } from '../../db/client';
import { ledgerEntries, operationMilestones, participations, operations, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { assertSafeClientFileName } from '../../plugins/multipart';
import { type Storage } from '../../plugins/storage/storage';
import { sanitizeFileName } from '../../plugins/storage/file-name';
import { getEscrowStates, payOutParticipation } from '../escrow/escrow.service';
import { escrowAccount } from '../escrow/ledger-accounts';
import { getDealRoomRole } from '../deal-room/deal-room.service';
import { loadRecipients, notifyUser } from '../notifications/notify';
import { endOperationWithRefunds } from '../operations/operation-end.service';
import { type OperationRow, lockExistingOperation, transition } from '../operations/operation-aggregate';
import { getPlatformSettings } from '../settings/settings.service';

/** An admin cancels a live deal before its goods leave (the state table's cancel; a rejected offer is the seller's to withdraw). */
function isCancellableByAdmin(status: OperationStatus): boolean {
  return status !== 'rejected' && statusesAccepting('cancel').includes(status);
}

export interface UploadedDocument {
  fileName: string;
  bytes: Buffer;
}

/**
 * The step an admin may record next: the state table's, or — for a full deal whose payments are not
 * all confirmed yet (allocated, not funded) — shipment preparation, shown blocked until it is funded.
 */
function nextStepOf(status: OperationStatus) {
  return status === 'allocated' ? 'shipment_preparation' : nextLifecycleStep(status);
}

/** Live orders of a deal (the ones that hold tons), oldest first. */
async function listLiveParticipations(db: Queryable, operationId: string) {
  return db
    .select({
      id: participations.id,
      userId: participations.userId,
      volume: participations.volume,
      amountCents: participations.amountCents,
      paymentStatus: participations.paymentStatus,
      notificationsEnabled: participations.notificationsEnabled,
      companyName: profiles.companyName,
    })
    .from(participations)
    .innerJoin(profiles, eq(profiles.id, participations.userId))
    .where(and(eq(participations.operationId, operationId), eq(participations.status, 'active')))
    .orderBy(asc(participations.createdAt), asc(participations.id));
}

/**
 * Tells the deal's buyers and its seller about a step, in the step's transaction.
 * A buyer who turned the deal's notifications off (notifications_enabled) still
 * sees it in the app and in the deal room, but gets no e-mail.
 */
async function notifyDeal(
  tx: AppTransaction,
  operation: OperationRow,
  type: string,
  data: Record<string, unknown>,
): Promise<void> {
  const participants = await listLiveParticipations(tx, operation.id);
  const emailOff = new Set(participants.filter((p) => !p.notificationsEnabled).map((p) => p.userId));
  const userIds = [...new Set([...participants.map((p) => p.userId), operation.sellerId])];
  const recipients = await loadRecipients(tx, userIds);
  const payload = { operationId: operation.id, operationTitle: operation.title, ...data };
  for (const userId of userIds) {
    const recipient = recipients.get(userId);
    if (!recipient) continue;
    const prefs = emailOff.has(userId) ? { ...recipient.notificationPrefs, email: false } : recipient.notificationPrefs;
    await notifyUser(
      tx,
      { ...recipient, notificationPrefs: prefs },
      { type, data: payload },
      {
        subjectKey: `lifecycle.mail.subject`,
        textKey: `notifications.types.${type}`,
        params: payload as Record<string, string | number>,
      },
    );
  }
}

/** Escrow held per operation, in one grouped query (the admin list). */
async function getHeldByOperation(db: Queryable, operationIds: string[]): Promise<Map<string, number>> {
  if (operationIds.length === 0) return new Map();
  const accounts = operationIds.map(escrowAccount);
  const rows = await db
    .select({ account: ledgerEntries.account, held: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.account, accounts))
    .groupBy(ledgerEntries.account);
  return new Map(rows.map((row) => [row.account.slice('escrow:'.length), Number(row.held)]));
}

/** Approved deals for the back office, the ones needing action first (most recently changed first). */
export async function listAdminOperations(db: AppDatabase): Promise<AdminOperationsListResponse> {
  const rows = await db
    .select({
      id: operations.id,
      title: operations.title,
      status: operations.status,
      totalTons: operations.totalTons,
      allocatedTons: operations.allocatedTons,
      updatedAt: operations.updatedAt,
    })
    .from(operations)
    .where(ne(operations.kycStatus, 'pending'))
    .orderBy(desc(operations.updatedAt), desc(operations.id))
    .limit(200);
  const held = await getHeldByOperation(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => ({
      ...row,
      escrowHeldCents: held.get(row.id) ?? 0,
      nextStep: nextStepOf(row.status),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

async function listMilestones(db: Queryable, operationId: string) {
  return db
    .select()
    .from(operationMilestones)
    .where(eq(operationMilestones.operationId, operationId))
    .orderBy(asc(operationMilestones.occurredAt), asc(operationMilestones.createdAt));
}

function inspectionResultOf(milestones: { kind: string; result: string | null }[]): InspectionResult | null {
  const result = milestones.find((m) => m.kind === 'inspection')?.result;
  return result === 'passed' || result === 'failed' ? result : null;
}

/** Everything the admin's control page shows, with what may be done next and why not. */
export async function getOperationControl(
  db: AppDatabase,
  operationId: string,
  now = new Date(),
): Promise<OperationControlResponse> {
  const [row] = await db
    .select({ operation: operations, sellerCompany: profiles.companyName })
    .from(operations)
    .innerJoin(profiles, eq(profiles.id, operations.sellerId))
    .where(eq(operations.id, operationId));
  if (!row) throw new AppError('OPERATION_NOT_FOUND');
  const { operation } = row;
  const [milestones, participants, settings] = await Promise.all([
    listMilestones(db, operationId),
    listLiveParticipations(db, operationId),
    getPlatformSettings(db),
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
  return {
    operation: {
      id: operation.id,
      title: operation.title,
      status: operation.status,
      totalTons: operation.totalTons,
      allocatedTons: operation.allocatedTons,
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
  };
}

function checkDocument(file: UploadedDocument) {
  assertSafeClientFileName(file.fileName);
  if (file.bytes.length === 0) throw new AppError('FILE_EMPTY');
  const fileType = detectFileType(file.bytes);
  if (!fileType) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const claimed = fileTypeFromName(file.fileName);
  if (claimed !== null && claimed !== fileType) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  return fileType;
}

/**
 * Records one step of a deal (shipment preparation, departure, arrival,
 * inspection): its date, notes and document, the status it leads to, a
 * notification to every participant and the seller, and an audit row, in one
 * transaction under the operation's row lock. The document is stored first
 * under a fresh key; a refused step leaves at most an unreferenced file.
 */
export async function recordMilestone(
  deps: { db: AppDatabase; storage: Storage },
  admin: AuthContext,
  operationId: string,
  step: LifecycleStep,
  fields: RecordMilestoneFields,
  document: UploadedDocument | null,
  now = new Date(),
): Promise<void> {
  const isInspection = step === 'inspection';
  if (isInspection && !fields.result) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { result: 'lifecycle.resultRequired' } });
  }
  if (!isInspection && fields.result) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { result: 'validation.invalid' } });
  }
  const occurredAt = new Date(`${fields.occurred_at}T12:00:00.000Z`);
  if (occurredAt.getTime() - now.getTime() > DAY_MS) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { occurred_at: 'lifecycle.dateInFuture' } });
  }
  if (LIFECYCLE_DOCUMENT_REQUIRED[step] && !document) throw new AppError('DOCUMENT_REQUIRED');

  let documentKey: string | null = null;
  if (document) {
    const fileType = checkDocument(document);
    documentKey = `operations/${operationId}/${step}-${randomUUID()}.${fileType}`;
    await deps.storage.put('documents', documentKey, document.bytes, {
      contentType: MIME_TYPE_BY_FILE_TYPE[fileType],
      fileName: sanitizeFileName(document.fileName, `${step}.${fileType}`),
    });
  }

  await deps.db.transaction(async (tx) => {
    const operation = await lockExistingOperation(tx, operationId);
    const event = lifecycleStepEvent(step, fields.result);
    // A full deal with payments still unconfirmed is not funded yet: preparation waits for it.
    if (step === 'shipment_preparation' && operation.status === 'allocated') throw new AppError('PAYMENTS_UNCONFIRMED');
    if (!canApply(operation.status, event)) {
      throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
    }
    const [previous] = await tx
      .select({ occurredAt: operationMilestones.occurredAt })
      .from(operationMilestones)
      .where(eq(operationMilestones.operationId, operationId))
      .orderBy(desc(operationMilestones.occurredAt))
      .limit(1);
    if (previous && occurredAt.getTime() < previous.occurredAt.getTime() - DAY_MS / 2) {
      throw new AppError('VALIDATION_FAILED', {}, { fields: { occurred_at: 'lifecycle.dateBeforePrevious' } });
    }
    await tx.insert(operationMilestones).values({
      operationId,
      kind: step,
      occurredAt,
      result: fields.result ?? null,
      notes: fields.notes || null,
      documentKey,
      createdBy: admin.user.id,
    });
    await transition(tx, operation, event, {
      actorId: admin.user.id,
      now,
      action: `operation.${step}`,
      data: { occurredAt: fields.occurred_at, result: fields.result ?? null, documentKey },
    });
    const type = isInspection ? `operation.inspection_${fields.result}` : `operation.${step}`;
    await notifyDeal(tx, operation, type, { date: fields.occurred_at });
  });
}

/** Pays out every participation of a deal that still holds money, by one rule per participation. */
async function payOutDeal(
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

async function finishSettlement(
  tx: AppTransaction,
  operation: OperationRow,
  event: 'settle' | 'decide_dispute',
  admin: AuthContext,
  outcome: { result: string; notes: string | null; type: string; totals: Record<string, number> },
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
    if (canApply(operation.status, 'decide_dispute')) throw new AppError('DISPUTE_OPEN');
    if (!canApply(operation.status, 'settle')) {
      throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
    }
    const milestones = await listMilestones(tx, operationId);
    if (inspectionResultOf(milestones) !== 'passed') throw new AppError('DISPUTE_OPEN');
    const inspection = milestones.find((m) => m.kind === 'inspection')!;
    const { fundRetentionDays } = await getPlatformSettings(tx);
    const settleableAt = fundRetentionEndsAt(inspection.occurredAt, fundRetentionDays);
    if (settleableAt.getTime() > now.getTime()) {
      throw new AppError('RETENTION_NOT_ENDED', { date: settleableAt.toISOString().slice(0, 10) });
    }
    const totals = await payOutDeal(tx, operationId, () => 0, admin.user.id, 'settlement');
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
    const totals = await payOutDeal(tx, operationId, refundFor, admin.user.id, `dispute: ${request.decision}`);
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

/** A step's document, for whoever may see the deal room (anyone else: not found). */
export async function getMilestoneDocument(
  db: AppDatabase,
  storage: Storage,
  auth: AuthContext,
  operationId: string,
  kind: OperationMilestoneKind,
) {
  const [milestone] = await db
    .select({ documentKey: operationMilestones.documentKey, sellerId: operations.sellerId })
    .from(operationMilestones)
    .innerJoin(operations, eq(operations.id, operationMilestones.operationId))
    .where(and(eq(operationMilestones.operationId, operationId), eq(operationMilestones.kind, kind)));
  if (!milestone?.documentKey) throw new AppError('NOT_FOUND');
  if (!(await getDealRoomRole(db, auth, { id: operationId, sellerId: milestone.sellerId }))) {
    throw new AppError('NOT_FOUND');
  }
  return storage.get('documents', milestone.documentKey);
}

/**
 * Cancels a deal before its goods leave, with a reason: every live order ends,
 * every deposit still held is refunded through the ledger, buyers and seller are
 * told (the same path as a deadline expiry).
 */
export async function cancelOperation(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const operation = await lockExistingOperation(tx, operationId);
    if (!isCancellableByAdmin(operation.status)) {
      throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
    }
    const result = await endOperationWithRefunds(tx, operationId, {
      status: 'cancelled',
      reason,
      actorId: admin.user.id,
    });
    if (!result) throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
  });
}
