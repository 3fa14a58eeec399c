import { randomUUID } from 'node:crypto';
import {
  KYC_DOCUMENT_TYPE_LIST,
  type DocumentDates,
  findDocumentDateProblem,
  kycRenewalState,
  MIME_TYPE_BY_FILE_TYPE,
  ONBOARDING_STEP,
  isAllowedFileType,
  missingKycDocument,
  needsUpload,
  type KycDocument,
  type KycDocumentType,
  type KycStatusResponse,
} from '@tradeops/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type AppDatabase, type Queryable } from '../../db/client';
import { onboardingStatus, profiles, userDocuments } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { DOCUMENT_UPLOAD, type UploadedFile, checkUploadedFile } from '../../plugins/multipart';
import { sanitizeFileName } from '../../plugins/storage/file-name';
import { type Storage, type StoredObject } from '../../plugins/storage/storage';
import { writeAudit } from '../audit/audit.service';

type DocumentRow = typeof userDocuments.$inferSelect;

export function toKycDocument(documentType: KycDocumentType, row: DocumentRow | undefined): KycDocument {
  if (!row) return missingKycDocument(documentType);
  return {
    id: row.id,
    documentType,
    status: row.status,
    fileName: row.fileName ?? null,
    mimeType: row.mimeType ?? null,
    sizeBytes: row.sizeBytes ?? null,
    uploadedAt: row.uploadedAt ? row.uploadedAt.toISOString() : null,
    rejectReason: row.status === 'rejected' ? row.rejectReason : null,
    revision: row.storageKey ? row.revision : null,
    issuedOn: row.issuedOn ?? null,
    expiresOn: row.expiresOn ?? null,
    holderBirthDate: row.holderBirthDate ?? null,
  };
}

/** The five required documents in the spec's order, missing ones as pending. */
export function toDocumentList(rows: DocumentRow[]): KycDocument[] {
  return KYC_DOCUMENT_TYPE_LIST.map((type) =>
    toKycDocument(
      type,
      rows.find((row) => row.documentType === type),
    ),
  );
}

export async function getKycStatus(db: AppDatabase, auth: AuthContext): Promise<KycStatusResponse> {
  const userId = auth.user.id;
  const [profile] = await db
    .select({
      kycStatus: profiles.kycStatus,
      kycRejectionReason: profiles.kycRejectionReason,
      kycExpiresAt: profiles.kycExpiresAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!profile) throw new AppError('NOT_FOUND');
  const [onboarding] = await db.select().from(onboardingStatus).where(eq(onboardingStatus.userId, userId));
  const rows = await db.select().from(userDocuments).where(eq(userDocuments.userId, userId));
  return {
    kycStatus: profile.kycStatus,
    kycRejectReason: profile.kycStatus === 'rejected' ? profile.kycRejectionReason : null,
    kycExpiresAt: profile.kycExpiresAt?.toISOString() ?? null,
    kycRenewal: kycRenewalState(profile.kycExpiresAt, new Date()),
    onboarding: {
      currentStep: onboarding?.currentStep ?? 1,
      status: onboarding?.status ?? 'in_progress',
    },
    documents: toDocumentList(rows),
  };
}

/**
 * Documents go to KYC review only from an account whose address is verified
 * (the e-mailed link): a company must be reachable at the address it signed up with.
 */
export function assertEmailVerified(auth: AuthContext): void {
  if (!auth.user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
}

/**
 * Stores a new version of one of the caller's documents. The type comes from
 * the bytes (magic numbers) and must be allowed for the document and agree with
 * the file's extension. The file is stored under a generated key first; the row
 * then points at it in one transaction with its audit entry, and the replaced
 * file is removed afterwards. A verified document is locked.
 */
export async function uploadDocument(
  deps: { db: AppDatabase; storage: Storage; log: FastifyBaseLogger },
  auth: AuthContext,
  documentType: KycDocumentType,
  file: UploadedFile,
  dates: DocumentDates = {},
  now: Date = new Date(),
): Promise<KycDocument> {
  assertEmailVerified(auth);
  const dateProblem = findDocumentDateProblem(documentType, dates, now, { isUpload: true });
  if (dateProblem) throw new AppError('VALIDATION_FAILED', {}, { fields: { [dateProblem.field]: dateProblem.key } });
  const fileType = checkUploadedFile(file, DOCUMENT_UPLOAD, {
    accepts: (type) => isAllowedFileType(documentType, type),
  });

  const userId = auth.user.id;
  const displayName = sanitizeFileName(file.fileName, `${documentType}.${fileType}`);
  const storageKey = `${userId}/${documentType}/${randomUUID()}.${fileType}`;
  const mimeType = MIME_TYPE_BY_FILE_TYPE[fileType];

  // Refuse a locked document before writing anything: verified documents open again only for the KYC renewal.
  const [current] = await deps.db
    .select({ status: userDocuments.status })
    .from(userDocuments)
    .where(and(eq(userDocuments.userId, userId), eq(userDocuments.documentType, documentType)));
  const isRenewing = await isRenewalOpen(deps.db, userId, now);
  if (current?.status === 'verified' && !isRenewing) throw new AppError('DOCUMENT_LOCKED');

  await deps.storage.put('documents', storageKey, file.bytes, { contentType: mimeType, fileName: displayName });
  let result: { row: DocumentRow; previousKey: string | null };
  try {
    result = await deps.db.transaction(async (tx) => {
      const [previous] = await tx
        .select()
        .from(userDocuments)
        .where(and(eq(userDocuments.userId, userId), eq(userDocuments.documentType, documentType)))
        .for('update');
      if (previous?.status === 'verified' && !isRenewing) throw new AppError('DOCUMENT_LOCKED');
      const values = {
        issuedOn: dates.issuedOn ?? null,
        expiresOn: dates.expiresOn ?? null,
        holderBirthDate: dates.holderBirthDate ?? null,
        fileName: displayName,
        storageKey,
        mimeType,
        sizeBytes: file.bytes.length,
        status: 'uploaded' as const,
        rejectReason: null,
        uploadedAt: new Date(),
        reviewedAt: null,
        reviewedBy: null,
      };
      // The conditional upsert is the lock of record: a concurrent verification wins over this upload.
      const [row] = await tx
        .insert(userDocuments)
        .values({ userId, documentType, ...values })
        .onConflictDoUpdate({
          target: [userDocuments.userId, userDocuments.documentType],
          // A new file is a new revision: a decision naming the previous one is refused.
          set: { ...values, revision: sql`${userDocuments.revision} + 1`, updatedAt: new Date() },
          setWhere: isRenewing ? undefined : sql`${userDocuments.status} <> 'verified'`,
        })
        .returning();
      if (!row) throw new AppError('DOCUMENT_LOCKED');
      // A rejected company that sends documents again is back in the queue.
      await tx
        .update(profiles)
        .set({ kycStatus: 'pending', kycRejectionReason: null, updatedAt: new Date() })
        .where(and(eq(profiles.id, userId), eq(profiles.kycStatus, 'rejected')));
      // The onboarding step stays: a company still uploading stays at upload; one whose documents are
      // under review keeps them there, the new file as a new revision (a rejection already took it back).
      await writeAudit(tx, {
        actorId: userId,
        action: previous?.storageKey ? 'kyc.document.replaced' : 'kyc.document.uploaded',
        entityType: 'user_document',
        entityId: row.id,
        data: { documentType, fileName: displayName, mimeType, sizeBytes: file.bytes.length, revision: row.revision },
      });
      return { row, previousKey: previous?.storageKey ?? null };
    });
  } catch (error) {
    await deps.storage.delete('documents', storageKey).catch(() => undefined);
    throw error;
  }
  if (result.previousKey && result.previousKey !== storageKey) {
    await deps.storage.delete('documents', result.previousKey).catch((error: unknown) => {
      deps.log.warn({ err: error, key: result.previousKey }, 'could not remove a replaced KYC document');
    });
  }
  return toKycDocument(documentType, result.row);
}

/**
 * The KYC renewal is open from 30 days before an approval lapses (and after): the company may
 * send its documents again, verified ones included, for a new review.
 */
export async function isRenewalOpen(db: Queryable, userId: string, now: Date): Promise<boolean> {
  const [profile] = await db
    .select({ kycStatus: profiles.kycStatus, kycExpiresAt: profiles.kycExpiresAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile?.kycStatus === 'approved' && kycRenewalState(profile.kycExpiresAt, now) !== 'valid';
}

/**
 * The stepper's Continue: sends the documents to compliance review in one step, only when no
 * document is pending or rejected. Later steps are the reviewers' (verification when all five
 * documents are verified, completed at the approval); a Continue there changes nothing.
 */
export async function continueOnboarding(db: AppDatabase, auth: AuthContext): Promise<KycStatusResponse> {
  assertEmailVerified(auth);
  const userId = auth.user.id;
  await db.transaction(async (tx) => {
    const [onboarding] = await tx
      .select()
      .from(onboardingStatus)
      .where(eq(onboardingStatus.userId, userId))
      .for('update');
    const rows = await tx.select().from(userDocuments).where(eq(userDocuments.userId, userId));
    if (toDocumentList(rows).some(needsUpload)) {
      throw new AppError('VALIDATION_FAILED', {}, { fields: { documents: 'onboarding.continueHint' } });
    }
    const step = onboarding?.currentStep ?? ONBOARDING_STEP.upload;
    if (onboarding?.status === 'completed' || step >= ONBOARDING_STEP.review) return;
    const next = ONBOARDING_STEP.review;
    if (onboarding) {
      await tx
        .update(onboardingStatus)
        .set({ currentStep: next, status: 'in_review', updatedAt: new Date() })
        .where(eq(onboardingStatus.userId, userId));
    } else {
      await tx.insert(onboardingStatus).values({ userId, currentStep: next, status: 'in_review' });
    }
  });
  return getKycStatus(db, auth);
}

/**
 * A document's file for its owner or an admin; anyone else hears NOT_FOUND (no existence leak).
 * Asked for a revision (the review page always names the one it shows), a replaced document
 * answers KYC_DOCUMENT_CHANGED rather than the newer file.
 */
export async function getDocumentFile(
  db: Queryable,
  storage: Storage,
  auth: AuthContext,
  documentId: string,
  revision?: number,
): Promise<{ document: DocumentRow; file: StoredObject }> {
  const [document] = await db.select().from(userDocuments).where(eq(userDocuments.id, documentId));
  if (!document || !document.storageKey) throw new AppError('NOT_FOUND');
  if (document.userId !== auth.user.id && !auth.isAdmin) throw new AppError('NOT_FOUND');
  if (revision !== undefined && revision !== document.revision) throw new AppError('KYC_DOCUMENT_CHANGED');
  const file = await storage.get('documents', document.storageKey);
  if (!file) throw new AppError('NOT_FOUND');
  return { document, file };
}
