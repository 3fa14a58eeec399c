// A deal's trade documents (issue 28, item 3): the uploads of the seller and the assigned partners, an
// admin's rejection, and who reads them. The checklist and its gate: document-checklists.service.ts.
import {
  type ChecklistItem,
  LIVE_OPERATION_STATUSES,
  MIME_TYPE_BY_FILE_TYPE,
  type TradeDocumentKind,
  type TradeDocumentsResponse,
  type TradeDocumentUploader,
  isPartnerRole,
} from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { type AppDatabase, type AppTransaction, type Queryable } from '../../db/client';
import { operationAssignees, operationDocuments, operations, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { DOCUMENT_UPLOAD, checkUploadedFile } from '../../plugins/multipart';
import { sanitizeFileName } from '../../plugins/storage/file-name';
import { type Storage } from '../../plugins/storage/storage';
import { writeAudit } from '../audit/audit.service';
import { getOperationRoomRole } from '../operation-room/operation-room.service';
import { notifyDeal } from './deal-participants';
import { type OperationRow, lockExistingOperation } from '../operations/operation-aggregate';
import { checklistFor, operationIncoterm } from './document-checklists.service';

/** Statuses in which a deal's documents may be uploaded or rejected: from its approval until it ends. */
const DOCUMENT_OPEN_STATUSES = new Set<string>(LIVE_OPERATION_STATUSES);

/** How the caller stands on a deal for its documents: the uploader it is, or only a reader, or nobody. */
async function documentStanding(
  db: Queryable,
  auth: AuthContext,
  operation: OperationRow,
): Promise<{ reads: boolean; uploads: TradeDocumentUploader | 'admin' | null }> {
  if (auth.isAdmin) return { reads: true, uploads: 'admin' };
  if (operation.sellerId === auth.user.id) return { reads: true, uploads: 'seller' };
  const assigned = await findAssignment(db, operation.id, auth.user.id);
  if (assigned) return { reads: true, uploads: assigned };
  const role = await getOperationRoomRole(db, auth, operation);
  return { reads: role !== null, uploads: null };
}

/** The partner role the user is assigned to this deal with, or null. */
export async function findAssignment(db: Queryable, operationId: string, userId: string) {
  const [row] = await db
    .select({ role: operationAssignees.role })
    .from(operationAssignees)
    .where(and(eq(operationAssignees.operationId, operationId), eq(operationAssignees.userId, userId)));
  return row && isPartnerRole(row.role) ? row.role : null;
}

function mayUpload(uploads: TradeDocumentUploader | 'admin' | null, item: ChecklistItem): boolean {
  return uploads === 'admin' || uploads === item.uploader;
}

async function loadOperation(db: Queryable, operationId: string): Promise<OperationRow> {
  const [operation] = await db.select().from(operations).where(eq(operations.id, operationId)).limit(1);
  if (!operation) throw new AppError('OPERATION_NOT_FOUND');
  return operation;
}

/** A deal's checklist and each document's state, for its participants, partners and admins. */
export async function listTradeDocuments(
  db: AppDatabase,
  auth: AuthContext,
  operationId: string,
): Promise<TradeDocumentsResponse> {
  const operation = await loadOperation(db, operationId);
  const standing = await documentStanding(db, auth, operation);
  if (!standing.reads) throw new AppError(operation.reviewStatus === 'approved' ? 'FORBIDDEN' : 'OPERATION_NOT_FOUND');
  const [checklist, rows] = await Promise.all([
    checklistFor(db, operation),
    db
      .select({
        kind: operationDocuments.kind,
        status: operationDocuments.status,
        fileName: operationDocuments.fileName,
        uploadedAt: operationDocuments.uploadedAt,
        rejectionReason: operationDocuments.rejectionReason,
        grandfathered: operationDocuments.grandfathered,
        companyName: profiles.companyName,
      })
      .from(operationDocuments)
      .leftJoin(profiles, eq(profiles.id, operationDocuments.uploadedBy))
      .where(eq(operationDocuments.operationId, operationId)),
  ]);
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const open = DOCUMENT_OPEN_STATUSES.has(operation.status);
  return {
    incoterm: operationIncoterm(operation),
    commodity: operation.productCategory,
    items: checklist.map((item) => {
      const row = byKind.get(item.kind);
      return {
        ...item,
        status: row?.status ?? null,
        fileName: row?.grandfathered ? null : (row?.fileName ?? null),
        uploadedAt: row && !row.grandfathered ? row.uploadedAt.toISOString() : null,
        uploadedBy: row?.companyName ?? null,
        rejectionReason: row?.rejectionReason ?? null,
        canUpload: open && mayUpload(standing.uploads, item),
      };
    }),
    canReject: auth.isAdmin && open,
  };
}

/**
 * Uploads (or replaces) one document of a deal's checklist: its seller's, its assigned partner's (by
 * the checklist's uploader) or an admin's. The type is read from the bytes; the file is stored first
 * under a fresh key, the row written under the operation's lock (a step's gate reads it there).
 */
export async function uploadTradeDocument(
  deps: { db: AppDatabase; storage: Storage },
  auth: AuthContext,
  operationId: string,
  kind: TradeDocumentKind,
  file: { fileName: string; bytes: Buffer },
  now = new Date(),
): Promise<void> {
  const operation = await loadOperation(deps.db, operationId);
  const standing = await documentStanding(deps.db, auth, operation);
  if (!standing.reads) throw new AppError(operation.reviewStatus === 'approved' ? 'FORBIDDEN' : 'OPERATION_NOT_FOUND');
  const item = (await checklistFor(deps.db, operation)).find((entry) => entry.kind === kind);
  if (!item) throw new AppError('TRADE_DOCUMENT_NOT_IN_CHECKLIST', { document: kind });
  if (!mayUpload(standing.uploads, item)) throw new AppError('FORBIDDEN');
  const fileType = checkUploadedFile(file, DOCUMENT_UPLOAD);
  const documentKey = `operations/${operationId}/documents/${kind}-${randomUUID()}.${fileType}`;
  const fileName = sanitizeFileName(file.fileName, `${kind}.${fileType}`);
  await deps.storage.put('documents', documentKey, file.bytes, {
    contentType: MIME_TYPE_BY_FILE_TYPE[fileType],
    fileName,
  });
  await deps.db.transaction(async (tx) => {
    const locked = await lockExistingOperation(tx, operationId);
    if (!DOCUMENT_OPEN_STATUSES.has(locked.status)) {
      throw new AppError('LIFECYCLE_WRONG_STATUS', { status: locked.status });
    }
    await storeTradeDocument(tx, { operationId, kind, fileName, documentKey, userId: auth.user.id, now });
  });
}

/** Writes a document's current file (a replacement clears a rejection), with its audit row. */
export async function storeTradeDocument(
  tx: AppTransaction,
  input: {
    operationId: string;
    kind: TradeDocumentKind;
    fileName: string;
    documentKey: string;
    userId: string;
    now: Date;
  },
): Promise<void> {
  const values = {
    status: 'uploaded' as const,
    fileName: input.fileName,
    documentKey: input.documentKey,
    uploadedBy: input.userId,
    uploadedAt: input.now,
    rejectionReason: null,
    rejectedBy: null,
    rejectedAt: null,
    grandfathered: false,
  };
  await tx
    .insert(operationDocuments)
    .values({ operationId: input.operationId, kind: input.kind, ...values })
    .onConflictDoUpdate({ target: [operationDocuments.operationId, operationDocuments.kind], set: values });
  await writeAudit(tx, {
    actorId: input.userId,
    action: 'operation.document_uploaded',
    entityType: 'operation',
    entityId: input.operationId,
    data: { kind: input.kind, documentKey: input.documentKey },
  });
}

/** An admin rejects a deal's document with a reason: it gates again until replaced; buyers and seller are told. */
export async function rejectTradeDocument(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  kind: TradeDocumentKind,
  reason: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const operation = await lockExistingOperation(tx, operationId);
    if (!DOCUMENT_OPEN_STATUSES.has(operation.status)) {
      throw new AppError('LIFECYCLE_WRONG_STATUS', { status: operation.status });
    }
    const [row] = await tx
      .update(operationDocuments)
      .set({ status: 'rejected', rejectionReason: reason, rejectedBy: admin.user.id, rejectedAt: now })
      .where(
        and(
          eq(operationDocuments.operationId, operationId),
          eq(operationDocuments.kind, kind),
          eq(operationDocuments.status, 'uploaded'),
          eq(operationDocuments.grandfathered, false),
        ),
      )
      .returning({ id: operationDocuments.id });
    if (!row) throw new AppError('NOT_FOUND');
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'operation.document_rejected',
      entityType: 'operation',
      entityId: operationId,
      reason,
      data: { kind },
    });
    await notifyDeal(tx, operation, 'operation.document_rejected', { document: kind, reason });
  });
}

/** A document's file, for the deal's participants, partners and admins (anyone else: not found). */
export async function getTradeDocumentFile(
  db: AppDatabase,
  storage: Storage,
  auth: AuthContext,
  operationId: string,
  kind: TradeDocumentKind,
) {
  const [row] = await db
    .select({ documentKey: operationDocuments.documentKey, fileName: operationDocuments.fileName })
    .from(operationDocuments)
    .where(and(eq(operationDocuments.operationId, operationId), eq(operationDocuments.kind, kind)));
  if (!row?.documentKey) throw new AppError('NOT_FOUND');
  const operation = await loadOperation(db, operationId);
  if (!(await documentStanding(db, auth, operation)).reads) throw new AppError('NOT_FOUND');
  const file = await storage.get('documents', row.documentKey);
  if (!file) throw new AppError('NOT_FOUND');
  return { file, fileName: row.fileName };
}
