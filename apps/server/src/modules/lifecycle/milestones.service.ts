// A deal's milestones: recording a shipment or inspection step (the transition it makes), and its documents.
import {
  DAY_MS,
  type InspectionResult,
  LIFECYCLE_DOCUMENT_REQUIRED,
  type LifecycleStep,
  MIME_TYPE_BY_FILE_TYPE,
  type NotificationType,
  type OperationMilestoneKind,
  type RecordMilestoneFields,
  canApply,
  lifecycleStepEvent,
} from '@tradeops/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { type AppDatabase, type Queryable } from '../../db/client';
import { operationMilestones, operations } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { DOCUMENT_UPLOAD, checkUploadedFile } from '../../plugins/multipart';
import { type Storage } from '../../plugins/storage/storage';
import { sanitizeFileName } from '../../plugins/storage/file-name';
import { getDealRoomRole } from '../deal-room/deal-room.service';
import { lockExistingOperation, transition } from '../operations/operation-aggregate';
import { notifyDeal } from './deal-participants';
import { openInspectionDispute } from './dispute-records.service';

export interface UploadedDocument {
  fileName: string;
  bytes: Buffer;
}

/** A deal's recorded steps, in the order they happened. */
export async function listMilestones(db: Queryable, operationId: string) {
  return db
    .select()
    .from(operationMilestones)
    .where(eq(operationMilestones.operationId, operationId))
    .orderBy(asc(operationMilestones.occurredAt), asc(operationMilestones.createdAt));
}

/** The inspection's outcome once recorded: a passed one leads to settlement, a failed one to a dispute. */
export function inspectionResultOf(milestones: { kind: string; result: string | null }[]): InspectionResult | null {
  const result = milestones.find((m) => m.kind === 'inspection')?.result;
  return result === 'passed' || result === 'failed' ? result : null;
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
    const fileType = checkUploadedFile(document, DOCUMENT_UPLOAD);
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
    // A failed inspection opens the deal's dispute: settlement waits for an admin's decision.
    if (event === 'fail_inspection') {
      await openInspectionDispute(tx, operationId, fields.notes || 'inspection failed', now);
    }
    const type: NotificationType =
      step === 'inspection'
        ? `operation.inspection_${fields.result === 'failed' ? 'failed' : 'passed'}`
        : `operation.${step}`;
    await notifyDeal(tx, operation, type, { date: fields.occurred_at });
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
