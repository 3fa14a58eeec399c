/** A buyer's proof of payment: its upload and its file (split from payments.service.ts). */
import { randomUUID } from 'node:crypto';
import { MIME_TYPE_BY_FILE_TYPE, type Order } from '@tradeops/shared';
import { eq, sql } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type AppDatabase } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { DOCUMENT_UPLOAD, type UploadedFile, checkUploadedFile } from '../../plugins/multipart';
import { sanitizeFileName } from '../../plugins/storage/file-name';
import { type Storage, type StoredObject } from '../../plugins/storage/storage';
import { writeAudit } from '../audit/audit.service';
import { isUnpaidOrder } from '@tradeops/shared';
import { findVisibleOrder } from './get-order.service';
import { type OrderRow, withEscrow } from './orders.service';
import { PAYMENT_PROOF_BUCKET, fileTypeOfKey, lockOrder } from './payments.service';

/** A proof may be sent while the order is live and its payment pending, or again after a rejection. */
function canTakeProof(row: OrderRow): boolean {
  return isUnpaidOrder(row);
}

/**
 * Stores a buyer's payment proof (PDF, JPEG or PNG read from its bytes, the
 * extension agreeing) in `payment-proofs/<user id>/<uuid>.<ext>` and puts the
 * payment in verification. The checks on the client's name and content are
 * the KYC upload's. Previous proofs stay stored: the audit log points at them.
 */
export async function uploadPaymentProof(
  deps: { db: AppDatabase; storage: Storage; log: FastifyBaseLogger },
  auth: Pick<AuthContext, 'user' | 'isAdmin'>,
  orderId: string,
  file: UploadedFile,
): Promise<Order> {
  const current = await findVisibleOrder(deps.db, auth, orderId);
  // Only the buyer pays: an admin may look, not upload on someone's behalf.
  if (current.userId !== auth.user.id) throw new AppError('ORDER_NOT_FOUND');
  const fileType = checkUploadedFile(file, DOCUMENT_UPLOAD);
  if (!canTakeProof(current)) throw new AppError('PROOF_NOT_ACCEPTED');

  const userId = auth.user.id;
  const mimeType = MIME_TYPE_BY_FILE_TYPE[fileType];
  const displayName = sanitizeFileName(file.fileName, `payment-proof.${fileType}`);
  const storageKey = `${userId}/${randomUUID()}.${fileType}`;
  await deps.storage.put(PAYMENT_PROOF_BUCKET, storageKey, file.bytes, {
    contentType: mimeType,
    fileName: displayName,
  });
  try {
    return await deps.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      if (!canTakeProof(locked)) throw new AppError('PROOF_NOT_ACCEPTED');
      const now = new Date();
      const [updated] = await tx
        .update(orders)
        .set({
          paymentProofPath: storageKey,
          paymentStatus: 'verification',
          proofUploadedAt: now,
          // A new proof is a new revision: a decision naming the previous one is refused.
          proofRevision: sql`${orders.proofRevision} + 1`,
          updatedAt: now,
        })
        .where(eq(orders.id, orderId))
        .returning();
      await writeAudit(tx, {
        actorId: userId,
        action: locked.paymentStatus === 'rejected' ? 'payment.proof_resubmitted' : 'payment.proof_uploaded',
        entityType: 'order',
        entityId: orderId,
        data: {
          operationId: locked.operationId,
          storageKey,
          previousKey: locked.paymentProofPath,
          proofRevision: updated!.proofRevision,
          fileName: displayName,
          mimeType,
          sizeBytes: file.bytes.length,
        },
      });
      return withEscrow(tx, updated!);
    });
  } catch (error) {
    await deps.storage.delete(PAYMENT_PROOF_BUCKET, storageKey).catch((cause: unknown) => {
      deps.log.warn({ err: cause, key: storageKey }, 'could not remove an unused payment proof');
    });
    throw error;
  }
}

/**
 * The proof file of an order, for its buyer or an admin. Asked for a revision (the
 * payments queue names the one it shows), a proof replaced since answers PAYMENT_PROOF_CHANGED.
 */
export async function getPaymentProofFile(
  db: AppDatabase,
  storage: Storage,
  auth: Pick<AuthContext, 'user' | 'isAdmin'>,
  orderId: string,
  revision?: number,
): Promise<{ file: StoredObject; contentType: string; fileName: string }> {
  const row = await findVisibleOrder(db, auth, orderId);
  const fileType = fileTypeOfKey(row.paymentProofPath);
  if (!row.paymentProofPath || !fileType) throw new AppError('NOT_FOUND');
  if (revision !== undefined && revision !== row.proofRevision) throw new AppError('PAYMENT_PROOF_CHANGED');
  const file = await storage.get(PAYMENT_PROOF_BUCKET, row.paymentProofPath);
  if (!file) throw new AppError('NOT_FOUND');
  return {
    file,
    contentType: MIME_TYPE_BY_FILE_TYPE[fileType],
    fileName: file.meta.fileName ?? `${row.paymentReference}.${fileType}`,
  };
}
