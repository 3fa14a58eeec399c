// A deal's milestones: recording a shipment or inspection step (the transition it makes), and its documents.
import {
  DAY_MS,
  type InspectionResult,
  LIFECYCLE_DOCUMENT_REQUIRED,
  LIFECYCLE_STEPS,
  type LifecycleStep,
  type MilestoneDetails,
  PARTNER_ROLE_STEPS,
  type PartnerStep,
  type PartnerUserRole,
  canRecordStep,
  MIME_TYPE_BY_FILE_TYPE,
  type NotificationType,
  type OperationMilestoneKind,
  type RecordMilestoneFields,
  lifecycleStepEvent,
} from '@tradeops/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { type AppDatabase, type Queryable } from '../../db/client';
import { operationMilestones, operations, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { DOCUMENT_UPLOAD, checkUploadedFile } from '../../plugins/multipart';
import { type Storage } from '../../plugins/storage/storage';
import { sanitizeFileName } from '../../plugins/storage/file-name';
import { getOperationRoomRole } from '../operation-room/operation-room.service';
import { writeAudit } from '../audit/audit.service';
import { lockExistingOperation, transition } from '../operations/operation-aggregate';
import { assertDocumentsFor } from './document-checklists.service';
import { findAssignment, storeTradeDocument } from './trade-documents.service';
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

/**
 * A deal's timeline: its recorded steps in the order they happened, each with the company of the account
 * that recorded it (null when there is none), as the operation room and an assigned partner read it.
 */
export function listMilestoneTimeline(db: Queryable, operationId: string) {
  return db
    .select({
      kind: operationMilestones.kind,
      occurredAt: operationMilestones.occurredAt,
      result: operationMilestones.result,
      notes: operationMilestones.notes,
      details: operationMilestones.details,
      documentKey: operationMilestones.documentKey,
      recordedBy: profiles.companyName,
    })
    .from(operationMilestones)
    .leftJoin(profiles, eq(profiles.id, operationMilestones.createdBy))
    .where(eq(operationMilestones.operationId, operationId))
    .orderBy(asc(operationMilestones.occurredAt), asc(operationMilestones.createdAt));
}

/** The inspection's outcome once recorded: a passed one leads to settlement, a failed one to a dispute. */
export function inspectionResultOf(milestones: { kind: string; result: string | null }[]): InspectionResult | null {
  const result = milestones.find((m) => m.kind === 'inspection')?.result;
  return result === 'passed' || result === 'failed' ? result : null;
}

/** Who records a step: an admin, or a partner account assigned to the deal (its role decides the steps). */
export interface StepRecorder {
  auth: AuthContext;
  /** Set when the recorder acts as a logistics partner or inspector (the partner area's routes). */
  partnerRole?: PartnerUserRole;
}

/** Fields that belong to one step only: sent with another, they are refused. */
const STEP_FIELDS: Partial<Record<keyof RecordMilestoneFields, PartnerStep>> = {
  blNumber: 'departure',
  vessel: 'departure',
  voyage: 'departure',
  containers: 'departure',
  netWeightKg: 'inspection',
  quality: 'inspection',
  eta: 'eta_update',
};

/** Refuses a step's fields that do not fit it: a result outside the inspection, a B/L outside departure… */
function checkStepFields(step: PartnerStep, fields: RecordMilestoneFields, isPartner: boolean): void {
  const isInspection = step === 'inspection';
  if (isInspection && !fields.result) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { result: 'lifecycle.resultRequired' } });
  }
  if (!isInspection && fields.result) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { result: 'validation.invalid' } });
  }
  const misplaced = Object.entries(STEP_FIELDS).filter(
    ([field, owner]) => owner !== step && fields[field as keyof RecordMilestoneFields] !== undefined,
  );
  if (misplaced.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      {},
      { fields: Object.fromEntries(misplaced.map(([f]) => [f, 'validation.invalid'])) },
    );
  }
  const required: (keyof RecordMilestoneFields)[] =
    step === 'eta_update'
      ? ['eta']
      : isPartner && step === 'departure'
        ? ['blNumber', 'vessel', 'voyage', 'containers']
        : isPartner && isInspection
          ? ['netWeightKg']
          : [];
  const absent = required.filter((field) => {
    const value = fields[field];
    return value === undefined || (Array.isArray(value) && value.length === 0);
  });
  if (absent.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      {},
      { fields: Object.fromEntries(absent.map((f) => [f, 'validation.required'])) },
    );
  }
}

function detailsOf(fields: RecordMilestoneFields): MilestoneDetails | null {
  const details: MilestoneDetails = {};
  if (fields.blNumber) details.blNumber = fields.blNumber;
  if (fields.vessel) details.vessel = fields.vessel;
  if (fields.voyage) details.voyage = fields.voyage;
  if (fields.containers?.length) details.containers = fields.containers;
  if (fields.netWeightKg !== undefined) details.netWeightKg = fields.netWeightKg;
  if (fields.quality) details.quality = fields.quality;
  if (fields.eta) details.eta = fields.eta;
  return Object.keys(details).length > 0 ? details : null;
}

/**
 * Records one step of a deal (shipment preparation, departure, arrival,
 * inspection; customs clearance and ETA updates, which change no status): its
 * date, notes, details and document, the status it leads to, a notification to
 * every participant and the seller, and an audit row, in one transaction under
 * the operation's row lock. A partner records only the steps of its role on a
 * deal it is assigned to. A step is refused while a document the deal's
 * checklist gates on it is missing or rejected. The document is stored first
 * under a fresh key; a refused step leaves at most an unreferenced file.
 */
export async function recordMilestone(
  deps: { db: AppDatabase; storage: Storage },
  recorder: AuthContext | StepRecorder,
  operationId: string,
  step: PartnerStep,
  fields: RecordMilestoneFields,
  document: UploadedDocument | null,
  now = new Date(),
): Promise<void> {
  const { auth, partnerRole } = 'auth' in recorder ? recorder : { auth: recorder, partnerRole: undefined };
  if (partnerRole && !PARTNER_ROLE_STEPS[partnerRole].includes(step)) throw new AppError('FORBIDDEN');
  checkStepFields(step, fields, partnerRole !== undefined);
  const occurredAt = new Date(`${fields.occurredAt}T12:00:00.000Z`);
  if (occurredAt.getTime() - now.getTime() > DAY_MS) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { occurredAt: 'lifecycle.dateInFuture' } });
  }
  const lifecycleStep = (LIFECYCLE_STEPS as readonly string[]).includes(step) ? (step as LifecycleStep) : null;
  if (lifecycleStep && LIFECYCLE_DOCUMENT_REQUIRED[lifecycleStep] && !document) {
    throw new AppError('DOCUMENT_REQUIRED');
  }
  if (partnerRole && !(await findAssignment(deps.db, operationId, auth.user.id))) {
    throw new AppError('PARTNER_NOT_ASSIGNED');
  }

  let documentKey: string | null = null;
  let documentName = '';
  if (document) {
    const fileType = checkUploadedFile(document, DOCUMENT_UPLOAD);
    documentKey = `operations/${operationId}/${step}-${randomUUID()}.${fileType}`;
    documentName = sanitizeFileName(document.fileName, `${step}.${fileType}`);
    await deps.storage.put('documents', documentKey, document.bytes, {
      contentType: MIME_TYPE_BY_FILE_TYPE[fileType],
      fileName: documentName,
    });
  }

  await deps.db.transaction(async (tx) => {
    const operation = await lockExistingOperation(tx, operationId);
    // The assignment is read again under the lock: an admin's unassignment in between wins.
    if (partnerRole && (await findAssignment(tx, operationId, auth.user.id)) !== partnerRole) {
      throw new AppError('PARTNER_NOT_ASSIGNED');
    }
    // A full deal with payments still unconfirmed is not funded yet: preparation waits for it.
    if (step === 'shipment_preparation' && operation.status === 'allocated') throw new AppError('PAYMENTS_UNCONFIRMED');
    const recorded = await tx
      .select({ kind: operationMilestones.kind, occurredAt: operationMilestones.occurredAt })
      .from(operationMilestones)
      .where(eq(operationMilestones.operationId, operationId))
      .orderBy(desc(operationMilestones.occurredAt));
    if (
      !canRecordStep(
        operation.status,
        step,
        recorded.map((m) => m.kind),
      )
    ) {
      throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
    }
    if (lifecycleStep) await assertDocumentsFor(tx, operation, lifecycleStep);
    const previous = recorded[0];
    if (previous && occurredAt.getTime() < previous.occurredAt.getTime() - DAY_MS / 2) {
      throw new AppError('VALIDATION_FAILED', {}, { fields: { occurredAt: 'lifecycle.dateBeforePrevious' } });
    }
    const details = detailsOf(fields);
    await tx.insert(operationMilestones).values({
      operationId,
      kind: step,
      occurredAt,
      result: fields.result ?? null,
      notes: fields.notes || null,
      details,
      documentKey,
      createdBy: auth.user.id,
    });
    const auditData = { occurredAt: fields.occurredAt, result: fields.result ?? null, documentKey, details };
    if (lifecycleStep) {
      const event = lifecycleStepEvent(lifecycleStep, fields.result);
      await transition(tx, operation, event, {
        actorId: auth.user.id,
        now,
        action: `operation.${step}`,
        data: { ...auditData, recordedAs: partnerRole ?? 'admin' },
      });
      // A failed inspection opens the deal's dispute: settlement waits for an admin's decision.
      if (event === 'fail_inspection') {
        await openInspectionDispute(tx, operationId, fields.notes || 'inspection failed', now);
      }
    } else {
      await writeAudit(tx, {
        actorId: auth.user.id,
        action: `operation.${step}`,
        entityType: 'operation',
        entityId: operationId,
        data: { ...auditData, recordedAs: partnerRole ?? 'admin' },
      });
    }
    // The departure's document is the bill of lading: it counts as the checklist's B/L.
    if (step === 'departure' && documentKey) {
      await storeTradeDocument(tx, {
        operationId,
        kind: 'bill_of_lading',
        fileName: documentName,
        documentKey,
        userId: auth.user.id,
        now,
      });
    }
    const type: NotificationType =
      step === 'inspection'
        ? `operation.inspection_${fields.result === 'failed' ? 'failed' : 'passed'}`
        : step === 'eta_update'
          ? 'operation.eta_updated'
          : `operation.${step}`;
    await notifyDeal(tx, operation, type, { date: step === 'eta_update' ? fields.eta! : fields.occurredAt });
  });
}

/** A step's document, for whoever may see the operation room (anyone else: not found). */
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
  if (!(await getOperationRoomRole(db, auth, { id: operationId, sellerId: milestone.sellerId }))) {
    throw new AppError('NOT_FOUND');
  }
  return storage.get('documents', milestone.documentKey);
}
