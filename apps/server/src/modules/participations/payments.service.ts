import { randomUUID } from 'node:crypto';
import {
  type DocumentFileType,
  MIME_TYPE_BY_FILE_TYPE,
  type Participation,
  type PaymentReviewItem,
  canApply,
} from '@tradeops/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { participations, operations, profiles, user } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { DOCUMENT_UPLOAD, type UploadedFile, checkUploadedFile } from '../../plugins/multipart';
import { sanitizeFileName } from '../../plugins/storage/file-name';
import { type Storage, type StoredObject } from '../../plugins/storage/storage';
import { recordDeposit } from '../escrow/escrow.service';
import { writeAudit } from '../audit/audit.service';
import { loadRecipient, notifyUser } from '../notifications/notify';
import { type OperationRow, lockOperation, transition, updateOperationFields } from '../operations/operation-aggregate';
import { type Page, type PageQuery, isUnpaidOrder, operationTitleFor } from '@tradeops/shared';
import { notifyDealFunded } from '../lifecycle/deal-notices.service';
import { type ParticipationRow, findVisibleParticipation, withEscrow } from './participations.service';

export const PAYMENT_PROOF_BUCKET = 'payment-proofs' as const;

function fileTypeOfKey(key: string | null): DocumentFileType | null {
  const extension = key?.split('.').pop();
  return extension === 'pdf' || extension === 'jpg' || extension === 'png' ? extension : null;
}

async function lockParticipation(tx: AppTransaction, id: string): Promise<ParticipationRow> {
  const [row] = await tx.select().from(participations).where(eq(participations.id, id)).for('update');
  if (!row) throw new AppError('PARTICIPATION_NOT_FOUND');
  return row;
}

/** A proof may be sent while the order is live and its payment pending, or again after a rejection. */
function canTakeProof(row: ParticipationRow): boolean {
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
  participationId: string,
  file: UploadedFile,
): Promise<Participation> {
  const current = await findVisibleParticipation(deps.db, auth, participationId);
  // Only the buyer pays: an admin may look, not upload on someone's behalf.
  if (current.userId !== auth.user.id) throw new AppError('PARTICIPATION_NOT_FOUND');
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
      const locked = await lockParticipation(tx, participationId);
      if (!canTakeProof(locked)) throw new AppError('PROOF_NOT_ACCEPTED');
      const now = new Date();
      const [updated] = await tx
        .update(participations)
        .set({
          paymentProofPath: storageKey,
          paymentStatus: 'verification',
          proofUploadedAt: now,
          // A new proof is a new revision: a decision naming the previous one is refused.
          proofRevision: sql`${participations.proofRevision} + 1`,
          updatedAt: now,
        })
        .where(eq(participations.id, participationId))
        .returning();
      await writeAudit(tx, {
        actorId: userId,
        action: locked.paymentStatus === 'rejected' ? 'payment.proof_resubmitted' : 'payment.proof_uploaded',
        entityType: 'participation',
        entityId: participationId,
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
 * The proof file of a participation, for its buyer or an admin. Asked for a revision (the
 * payments queue names the one it shows), a proof replaced since answers PAYMENT_PROOF_CHANGED.
 */
export async function getPaymentProofFile(
  db: AppDatabase,
  storage: Storage,
  auth: Pick<AuthContext, 'user' | 'isAdmin'>,
  participationId: string,
  revision?: number,
): Promise<{ file: StoredObject; contentType: string; fileName: string }> {
  const row = await findVisibleParticipation(db, auth, participationId);
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

const PAYMENT_QUEUE_KEYSET: Keyset = {
  at: participations.proofUploadedAt,
  id: participations.id,
  order: 'asc',
  idIsUuid: true,
};
const awaitingVerification = eq(participations.paymentStatus, 'verification');

/** The verification queue: proofs waiting for an admin, the oldest first, a page at a time, and how many wait. */
export async function listPaymentQueue(
  db: AppDatabase,
  language: string,
  page: PageQuery,
): Promise<Page<PaymentReviewItem>> {
  const [rows, [waiting]] = await Promise.all([
    db
      .select({
        cursorAt: cursorAtOf(PAYMENT_QUEUE_KEYSET),
        participation: participations,
        title: operations.title,
        titleEn: operations.titleEn,
        fullName: profiles.fullName,
        companyName: profiles.companyName,
        email: user.email,
      })
      .from(participations)
      .innerJoin(operations, eq(operations.id, participations.operationId))
      .innerJoin(profiles, eq(profiles.id, participations.userId))
      .innerJoin(user, eq(user.id, participations.userId))
      .where(and(awaitingVerification, afterCursor(PAYMENT_QUEUE_KEYSET, page.cursor)))
      .orderBy(...keysetOrder(PAYMENT_QUEUE_KEYSET))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(participations).where(awaitingVerification),
  ]);
  return toPage(
    rows,
    page,
    (row) => ({ at: row.cursorAt, id: row.participation.id }),
    waiting?.n ?? 0,
    (kept) =>
      kept.map(({ participation: p, ...row }) => {
        const fileType = fileTypeOfKey(p.paymentProofPath);
        return {
          id: p.id,
          operation_id: p.operationId,
          operation_title: operationTitleFor(row, language),
          buyer_name: row.fullName,
          buyer_email: row.email,
          company_name: row.companyName,
          volume: p.volume,
          amount_cents: p.amountCents,
          payment_method: p.paymentMethod,
          payment_reference: p.paymentReference,
          proof_uploaded_at: p.proofUploadedAt?.toISOString() ?? null,
          proof_mime_type: fileType ? MIME_TYPE_BY_FILE_TYPE[fileType] : null,
          proof_file_name: p.paymentProofPath ? `${p.paymentReference}.${fileType ?? 'bin'}` : null,
          proof_revision: p.proofRevision,
        };
      }),
  );
}

async function loadOperationTitle(tx: AppTransaction, operationId: string) {
  const [operation] = await tx
    .select({ title: operations.title, titleEn: operations.titleEn })
    .from(operations)
    .where(eq(operations.id, operationId));
  return operation ?? { title: '', titleEn: null };
}

/**
 * Why a payment cannot be reviewed now: already confirmed, not waiting for a review, or its
 * proof is no longer the revision the admin looked at. A buyer cannot replace a proof under
 * review, but after a rejection (by another admin, or in another tab) they can send a new
 * one: a decision taken on the old proof must not land on the new one.
 */
function reviewRefusal(row: ParticipationRow, proofRevision: number): AppError | null {
  if (row.paymentStatus === 'confirmed') return new AppError('PAYMENT_ALREADY_CONFIRMED');
  if (row.paymentStatus !== 'verification' || row.status !== 'active') {
    return new AppError('PAYMENT_NOT_IN_VERIFICATION');
  }
  if (row.proofRevision !== proofRevision) return new AppError('PAYMENT_PROOF_CHANGED');
  return null;
}

/**
 * Locks the row of the participation's operation (FOR UPDATE), if there is one. Taken
 * before the participation's own lock: the order operation → participation is the one
 * every path that ends orders uses (an operation's end, a buyer's cancel, the sweep).
 */
async function lockOperationOfParticipation(tx: AppTransaction, participationId: string) {
  const [target] = await tx
    .select({ operationId: participations.operationId })
    .from(participations)
    .where(eq(participations.id, participationId));
  return target ? lockOperation(tx, target.operationId) : null;
}

/**
 * A full deal whose every ton is now paid and held in escrow is funded (allocated → funded): only
 * then may its shipment be prepared. Paid tons equal to the total means no unpaid order and no tons
 * merely held for a waitlist invitation. Runs in the confirmation's transaction, under the operation's lock,
 * after the deposit; the deal's buyers and seller are told in it.
 */
async function fundIfFullyPaid(tx: AppTransaction, operation: OperationRow, actorId: string, now: Date) {
  if (canApply(operation.status, 'fund')) {
    const [paid] = await tx
      .select({ tons: sql<number>`coalesce(sum(${participations.volume}), 0)::int` })
      .from(participations)
      .where(
        and(
          eq(participations.operationId, operation.id),
          eq(participations.status, 'active'),
          eq(participations.paymentStatus, 'confirmed'),
        ),
      );
    if (Number(paid?.tons ?? 0) === operation.totalTons) {
      const funded = await transition(tx, operation, 'fund', { actorId, now, data: { paidTons: operation.totalTons } });
      await notifyDealFunded(tx, funded);
      return;
    }
  }
  // The deal's paid share changed: stamping its row announces that (NOTIFY) to every live deal room,
  // whose "still missing" figures the other buyers read.
  await updateOperationFields(tx, operation.id, { updatedAt: now });
}

/**
 * Confirms a verified payment: the status and the escrow deposit (buyer →
 * escrow) commit together. The participation row is locked first, so a second
 * confirmation sees 'confirmed'; the ledger's unique deposit index stands
 * behind it, and both answer PAYMENT_ALREADY_CONFIRMED. The operation's row is
 * locked before it: the deposit's foreign key share-locks that row, so taking
 * it last deadlocked with an operation ending at the same moment (which holds
 * the operation and waits for the participation).
 */
export async function confirmPayment(
  db: AppDatabase,
  admin: Pick<AuthContext, 'user'>,
  participationId: string,
  proofRevision: number,
): Promise<Participation> {
  return db.transaction(async (tx) => {
    const operation = await lockOperationOfParticipation(tx, participationId);
    const locked = await lockParticipation(tx, participationId);
    const refusal = reviewRefusal(locked, proofRevision);
    if (refusal) throw refusal;
    // An order stored at $0 (a price rounded to 0 ¢ before prices had a floor) has nothing to deposit:
    // a clear refusal; the proof can be rejected and the order cancelled, or the operation cancelled.
    if (locked.amountCents <= 0) throw new AppError('PAYMENT_AMOUNT_INVALID');
    const now = new Date();
    const [updated] = await tx
      .update(participations)
      .set({
        paymentStatus: 'confirmed',
        confirmedAt: now,
        paymentReviewedBy: admin.user.id,
        paymentReviewedAt: now,
        paymentRejectedReason: null,
        updatedAt: now,
      })
      .where(and(eq(participations.id, participationId), eq(participations.paymentStatus, 'verification')))
      .returning();
    if (!updated) throw new AppError('PAYMENT_NOT_IN_VERIFICATION');
    try {
      await recordDeposit(tx, participationId, admin.user.id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') {
        throw new AppError('PAYMENT_ALREADY_CONFIRMED', {}, { cause: error });
      }
      throw error;
    }
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'payment.confirmed',
      entityType: 'participation',
      entityId: participationId,
      data: { operationId: updated.operationId, amountCents: updated.amountCents, proofRevision },
    });
    if (operation) await fundIfFullyPaid(tx, operation, admin.user.id, now);
    const recipient = await loadRecipient(tx, updated.userId);
    const operationTitle = operationTitleFor(await loadOperationTitle(tx, updated.operationId), recipient.language);
    await notifyUser(
      tx,
      recipient,
      {
        type: 'payment.confirmed',
        data: {
          operationId: updated.operationId,
          operationTitle,
          participationId,
          volume: updated.volume,
          amountCents: updated.amountCents,
          reference: updated.paymentReference,
        },
      },
      {
        subjectKey: 'participations.mail.confirmedSubject',
        textKey: 'participations.mail.confirmedText',
        params: { title: operationTitle, reference: updated.paymentReference },
      },
    );
    return withEscrow(tx, updated);
  });
}

/** Rejects a proof with a reason: the buyer is told and can upload another. */
export async function rejectPayment(
  db: AppDatabase,
  admin: Pick<AuthContext, 'user'>,
  participationId: string,
  reason: string,
  proofRevision: number,
): Promise<Participation> {
  return db.transaction(async (tx) => {
    const locked = await lockParticipation(tx, participationId);
    const refusal = reviewRefusal(locked, proofRevision);
    if (refusal) throw refusal;
    const now = new Date();
    const [updated] = await tx
      .update(participations)
      .set({
        paymentStatus: 'rejected',
        paymentRejectedReason: reason,
        paymentReviewedBy: admin.user.id,
        paymentReviewedAt: now,
        updatedAt: now,
      })
      .where(eq(participations.id, participationId))
      .returning();
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'payment.rejected',
      entityType: 'participation',
      entityId: participationId,
      reason,
      data: { operationId: locked.operationId, storageKey: locked.paymentProofPath, proofRevision },
    });
    const recipient = await loadRecipient(tx, locked.userId);
    const operationTitle = operationTitleFor(await loadOperationTitle(tx, locked.operationId), recipient.language);
    await notifyUser(
      tx,
      recipient,
      {
        type: 'payment.rejected',
        data: {
          operationId: locked.operationId,
          operationTitle,
          participationId,
          reason,
          reference: locked.paymentReference,
        },
      },
      {
        subjectKey: 'participations.mail.rejectedSubject',
        textKey: 'participations.mail.rejectedText',
        params: { title: operationTitle, reference: locked.paymentReference, reason },
      },
    );
    return withEscrow(tx, updated!);
  });
}
