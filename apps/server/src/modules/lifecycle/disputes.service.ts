// Disputes: a failed inspection or a participant opens one (with evidence files), an admin decides it.
import {
  DISPUTE_EVIDENCE_MAX_FILES,
  MIME_TYPE_BY_FILE_TYPE,
  type NotificationType,
  type OpenDisputeFields,
  operationTitleFor,
} from '@tradeops/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { type AppDatabase, type AppTransaction, type Queryable } from '../../db/client';
import { disputeEvidence, disputes, operations, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { DOCUMENT_UPLOAD, type UploadedFile, checkUploadedFile } from '../../plugins/multipart';
import { type Storage } from '../../plugins/storage/storage';
import { sanitizeFileName } from '../../plugins/storage/file-name';
import { writeAudit } from '../audit/audit.service';
import { getOperationRoomRole } from '../operation-room/operation-room.service';
import { loadRecipients, notifyUser } from '../notifications/notify';
import { type OperationRow, lockExistingOperation, transition } from '../operations/operation-aggregate';
import { notifyDeal } from './deal-participants';
import { findOpenDispute, findPaidLiveOrder, getWindowEnd, isWindowOpen } from './dispute-records.service';

const EVIDENCE_BUCKET = 'documents';

async function readOperation(db: Queryable, operationId: string) {
  const [operation] = await db
    .select({ id: operations.id, status: operations.status, sellerId: operations.sellerId })
    .from(operations)
    .where(eq(operations.id, operationId));
  if (!operation) throw new AppError('OPERATION_NOT_FOUND');
  return operation;
}

/** Checks every file before anything is stored: count, type (from the bytes) and size, as payment proofs. */
function checkEvidenceFiles(files: UploadedFile[]) {
  if (files.length > DISPUTE_EVIDENCE_MAX_FILES) {
    throw new AppError('DISPUTE_TOO_MANY_FILES', { max: DISPUTE_EVIDENCE_MAX_FILES });
  }
  return files.map((file) => ({ file, fileType: checkUploadedFile(file, DOCUMENT_UPLOAD) }));
}

interface EvidenceDeps {
  db: AppDatabase;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Stores the checked files under fresh keys in the documents bucket, runs `work` with their rows to
 * insert, and removes the files again when `work` refuses (nothing of a refused request stays).
 */
async function withStoredEvidence<T>(
  deps: EvidenceDeps,
  operationId: string,
  files: UploadedFile[],
  work: (stored: { storageKey: string; fileName: string; mimeType: string; sizeBytes: number }[]) => Promise<T>,
): Promise<T> {
  const stored = [];
  for (const { file, fileType } of checkEvidenceFiles(files)) {
    const storageKey = `operations/${operationId}/disputes/${randomUUID()}.${fileType}`;
    const fileName = sanitizeFileName(file.fileName, `evidence.${fileType}`);
    const mimeType = MIME_TYPE_BY_FILE_TYPE[fileType];
    await deps.storage.put(EVIDENCE_BUCKET, storageKey, file.bytes, { contentType: mimeType, fileName });
    stored.push({ storageKey, fileName, mimeType, sizeBytes: file.bytes.length });
  }
  try {
    return await work(stored);
  } catch (error) {
    for (const { storageKey } of stored) {
      await deps.storage.delete(EVIDENCE_BUCKET, storageKey).catch((cause: unknown) => {
        deps.log.warn({ err: cause, key: storageKey }, 'could not remove unused dispute evidence');
      });
    }
    throw error;
  }
}

/** Tells the platform's admins (in-app and mail) about a dispute, the deal's title in each admin's language. */
async function notifyAdmins(
  tx: AppTransaction,
  type: NotificationType,
  operation: Pick<OperationRow, 'id' | 'title' | 'titleEn'>,
): Promise<void> {
  const admins = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.isAdmin, true));
  const recipients = await loadRecipients(
    tx,
    admins.map((admin) => admin.id),
  );
  for (const recipient of recipients.values()) {
    const data = { operationId: operation.id, operationTitle: operationTitleFor(operation, recipient.language) };
    await notifyUser(
      tx,
      recipient,
      { type, data },
      { subjectKey: 'lifecycle.mail.subject', textKey: `notifications.types.${type}`, params: data },
    );
  }
}

/**
 * A participant (a buyer with a live, paid order) opens a dispute within the window after arrival,
 * with a reason and evidence files: the dispute row, its evidence, the state table's open_dispute,
 * the audit and the notifications of the admins, the seller and the participants, in one
 * transaction under the operation's row lock. Settlement waits until an admin decides.
 */
export async function openDispute(
  deps: EvidenceDeps,
  auth: Pick<AuthContext, 'user'>,
  operationId: string,
  fields: OpenDisputeFields,
  files: UploadedFile[],
  now = new Date(),
): Promise<{ disputeId: string }> {
  checkEvidenceFiles(files);
  const refuse = async (db: Queryable, operation: Pick<OperationRow, 'id' | 'status'>) => {
    const order = await findPaidLiveOrder(db, operationId, auth.user.id);
    if (!order) throw new AppError('DISPUTE_NOT_PARTICIPANT');
    if (await findOpenDispute(db, operationId)) throw new AppError('DISPUTE_ALREADY_OPEN');
    if (!isWindowOpen(operation.status, await getWindowEnd(db, operationId), now)) {
      throw new AppError('DISPUTE_WINDOW_CLOSED');
    }
    return order;
  };
  // Checked before any file is stored, and again under the lock.
  await refuse(deps.db, await readOperation(deps.db, operationId));

  return withStoredEvidence(deps, operationId, files, (stored) =>
    deps.db.transaction(async (tx) => {
      const operation = await lockExistingOperation(tx, operationId);
      const order = await refuse(tx, operation);
      const [dispute] = await tx
        .insert(disputes)
        .values({
          operationId,
          openedBy: 'participant',
          openedByUserId: auth.user.id,
          orderId: order.id,
          reason: fields.reason,
          createdAt: now,
        })
        .returning({ id: disputes.id });
      const disputeId = dispute!.id;
      if (stored.length > 0) {
        await tx
          .insert(disputeEvidence)
          .values(stored.map((file) => ({ ...file, disputeId, uploadedBy: auth.user.id })));
      }
      await transition(tx, operation, 'open_dispute', {
        actorId: auth.user.id,
        now,
        action: 'operation.dispute_opened',
        reason: fields.reason,
        data: { disputeId, orderId: order.id, files: stored.map((file) => file.storageKey) },
      });
      await notifyDeal(tx, operation, 'operation.dispute_opened', {});
      await notifyAdmins(tx, 'operation.dispute_opened', operation);
      return { disputeId };
    }),
  );
}

/**
 * Another participant (or the one who opened it) adds evidence files to the deal's open dispute:
 * the case is one per deal, so a second complaint joins it rather than opening another.
 */
export async function addDisputeEvidence(
  deps: EvidenceDeps,
  auth: Pick<AuthContext, 'user'>,
  operationId: string,
  files: UploadedFile[],
): Promise<{ disputeId: string }> {
  if (files.length === 0) throw new AppError('DOCUMENT_REQUIRED');
  checkEvidenceFiles(files);
  const refuse = async (db: Queryable) => {
    if (!(await findPaidLiveOrder(db, operationId, auth.user.id))) {
      throw new AppError('DISPUTE_NOT_PARTICIPANT');
    }
    const open = await findOpenDispute(db, operationId);
    if (!open) throw new AppError('NOT_FOUND');
    return open;
  };
  await refuse(deps.db);
  return withStoredEvidence(deps, operationId, files, (stored) =>
    deps.db.transaction(async (tx) => {
      await lockExistingOperation(tx, operationId);
      const open = await refuse(tx);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(disputeEvidence)
        .where(eq(disputeEvidence.disputeId, open.id));
      if (count + stored.length > DISPUTE_EVIDENCE_MAX_FILES) {
        throw new AppError('DISPUTE_TOO_MANY_FILES', { max: DISPUTE_EVIDENCE_MAX_FILES });
      }
      await tx
        .insert(disputeEvidence)
        .values(stored.map((file) => ({ ...file, disputeId: open.id, uploadedBy: auth.user.id })));
      await writeAudit(tx, {
        actorId: auth.user.id,
        action: 'dispute.evidence_added',
        entityType: 'dispute',
        entityId: open.id,
        data: { operationId, files: stored.map((file) => file.storageKey) },
      });
      return { disputeId: open.id };
    }),
  );
}

/** An evidence file, for the deal's participants, its seller and admins (anyone else: not found). */
export async function getDisputeEvidenceFile(
  db: AppDatabase,
  storage: Storage,
  auth: AuthContext,
  operationId: string,
  evidenceId: string,
) {
  const [row] = await db
    .select({ storageKey: disputeEvidence.storageKey, fileName: disputeEvidence.fileName })
    .from(disputeEvidence)
    .innerJoin(disputes, eq(disputes.id, disputeEvidence.disputeId))
    .where(and(eq(disputeEvidence.id, evidenceId), eq(disputes.operationId, operationId)));
  if (!row) throw new AppError('NOT_FOUND');
  if (!(await getOperationRoomRole(db, auth, await readOperation(db, operationId)))) throw new AppError('NOT_FOUND');
  const file = await storage.get(EVIDENCE_BUCKET, row.storageKey);
  if (!file) throw new AppError('NOT_FOUND');
  return { file, fileName: row.fileName };
}
