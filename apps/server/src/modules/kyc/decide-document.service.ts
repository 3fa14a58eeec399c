import { ONBOARDING_STEP, findDocumentDateProblem } from '@tradeops/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { notifications, onboardingStatus, userDocuments } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { translate } from '../../plugins/i18n';
import { writeAudit } from '../audit/audit.service';
import { loadRecipient, notifyUser } from '../notifications/notify';
import { toDocumentList } from './kyc.service';

/* An admin's decision on one KYC document: verified (and locked from then on) or rejected with a reason. */

/**
 * The document as reviewed: uploaded (not decided yet) and still the revision the admin looked
 * at. One conditional UPDATE: a replacement racing the decision either commits first (the
 * revision no longer matches) or waits for it (an upload never replaces a verified file).
 */
function isReviewedRevision(documentId: string, revision: number) {
  return and(
    eq(userDocuments.id, documentId),
    eq(userDocuments.status, 'uploaded'),
    eq(userDocuments.revision, revision),
  );
}

/** Marks an uploaded document verified (and from then on locked), if it is still the revision reviewed. */
export async function verifyDocument(
  db: AppDatabase,
  admin: AuthContext,
  documentId: string,
  revision: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    // A proof of address older than three months shows no current address: rejected, never verified.
    const [reviewed] = await tx
      .select({
        documentType: userDocuments.documentType,
        issuedOn: userDocuments.issuedOn,
        expiresOn: userDocuments.expiresOn,
      })
      .from(userDocuments)
      .where(eq(userDocuments.id, documentId));
    if (reviewed) {
      const problem = findDocumentDateProblem(reviewed.documentType, reviewed, new Date());
      if (problem) throw new AppError('KYC_DOCUMENT_OUTDATED');
    }
    const [row] = await tx
      .update(userDocuments)
      .set({ status: 'verified', rejectReason: null, reviewedAt: new Date(), reviewedBy: admin.user.id })
      .where(isReviewedRevision(documentId, revision))
      .returning();
    if (!row) throw await whyNotDecided(tx, documentId, revision);
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'kyc.document.verified',
      entityType: 'user_document',
      entityId: row.id,
      data: { userId: row.userId, documentType: row.documentType, revision },
    });
    // The fifth verified document moves the company on to the verification step (awaiting the approval).
    const documents = await tx.select().from(userDocuments).where(eq(userDocuments.userId, row.userId));
    if (toDocumentList(documents).every((document) => document.status === 'verified')) {
      await tx
        .update(onboardingStatus)
        .set({ currentStep: ONBOARDING_STEP.verification, status: 'in_review', updatedAt: new Date() })
        .where(and(eq(onboardingStatus.userId, row.userId), sql`${onboardingStatus.status} <> 'completed'`));
    }
    await tx.insert(notifications).values({
      userId: row.userId,
      type: 'kyc.document_verified',
      data: { documentId: row.id, documentType: row.documentType },
    });
  });
}

/**
 * Rejects an uploaded document with a reason, if it is still the revision reviewed; the user
 * uploads it again from the stepper's first step.
 */
export async function rejectDocument(
  db: AppDatabase,
  admin: AuthContext,
  documentId: string,
  reason: string,
  revision: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(userDocuments)
      .set({ status: 'rejected', rejectReason: reason, reviewedAt: new Date(), reviewedBy: admin.user.id })
      .where(isReviewedRevision(documentId, revision))
      .returning();
    if (!row) throw await whyNotDecided(tx, documentId, revision);
    await tx
      .update(onboardingStatus)
      .set({ currentStep: 1, status: 'in_progress', updatedAt: new Date() })
      .where(eq(onboardingStatus.userId, row.userId));
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'kyc.document.rejected',
      entityType: 'user_document',
      entityId: row.id,
      reason,
      data: { userId: row.userId, documentType: row.documentType, revision },
    });
    const recipient = await loadRecipient(tx, row.userId);
    await notifyUser(
      tx,
      recipient,
      { type: 'kyc.document_rejected', data: { documentId: row.id, documentType: row.documentType, reason } },
      {
        subjectKey: 'kyc.mail.documentRejectedSubject',
        textKey: 'kyc.mail.documentRejectedText',
        params: { document: translate(recipient.language, `kyc.documentTypes.${row.documentType}`), reason },
      },
    );
  });
}

/** Why a decision matched no row: unknown document, a newer revision, or already decided. */
async function whyNotDecided(tx: AppTransaction, documentId: string, revision: number): Promise<AppError> {
  const [current] = await tx
    .select({ revision: userDocuments.revision })
    .from(userDocuments)
    .where(eq(userDocuments.id, documentId));
  if (!current) return new AppError('NOT_FOUND');
  return new AppError(current.revision !== revision ? 'KYC_DOCUMENT_CHANGED' : 'CONFLICT');
}
