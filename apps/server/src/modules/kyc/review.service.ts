import {
  KYC_DOCUMENT_TYPE_LIST,
  ONBOARDING_STEPS,
  type KycOverviewResponse,
  type KycReviewUser,
  type OperationReviewItem,
} from '@tradeops/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import {
  adminKycReview,
  notifications,
  onboardingStatus,
  operations,
  profiles,
  user,
  userDocuments,
} from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { translate } from '../../plugins/i18n';
import { type Recipient, notifyUser, writeAudit } from '../notifications/notify';
import { toDocumentList } from './kyc.service';

/**
 * Users waiting for a reviewer: KYC pending, not admins, and either a document
 * uploaded and not reviewed yet, or all five verified (waiting for the approval).
 */
const awaitingReview = sql`${profiles.kycStatus} = 'pendiente' and not ${profiles.isAdmin} and (exists (
  select 1 from ${userDocuments} where ${userDocuments.userId} = ${profiles.id} and ${userDocuments.status} = 'uploaded')
  or (select count(*) from ${userDocuments} where ${userDocuments.userId} = ${profiles.id}
    and ${userDocuments.status} = 'verified') = ${KYC_DOCUMENT_TYPE_LIST.length})`;

export async function getKycOverview(db: AppDatabase): Promise<KycOverviewResponse> {
  const [awaiting] = await db.select({ n: count() }).from(profiles).where(awaitingReview);
  const byStatus = await db
    .select({ status: profiles.kycStatus, n: count() })
    .from(profiles)
    .where(and(eq(profiles.isAdmin, false), eq(profiles.isStaff, false)))
    .groupBy(profiles.kycStatus);
  const [operationsAwaiting] = await db.select({ n: count() }).from(adminKycReview);
  const of = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
  return {
    usersAwaitingReview: awaiting?.n ?? 0,
    usersPending: of('pendiente'),
    usersApproved: of('aprobado'),
    usersRejected: of('rechazado'),
    operationsAwaitingReview: operationsAwaiting?.n ?? 0,
  };
}

/** The review queue, the longest-waiting upload first, each user with the five documents. */
export async function listUsersAwaitingReview(db: AppDatabase): Promise<KycReviewUser[]> {
  const waitingSince = sql<Date | null>`coalesce(
    (select min(${userDocuments.uploadedAt}) from ${userDocuments}
      where ${userDocuments.userId} = ${profiles.id} and ${userDocuments.status} = 'uploaded'),
    (select max(${userDocuments.reviewedAt}) from ${userDocuments} where ${userDocuments.userId} = ${profiles.id}))`;
  const rows = await db
    .select({ profile: profiles, email: user.email, waitingSince })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(awaitingReview)
    .orderBy(asc(waitingSince), asc(profiles.createdAt))
    .limit(100);
  if (rows.length === 0) return [];
  const documents = await db
    .select()
    .from(userDocuments)
    .where(
      inArray(
        userDocuments.userId,
        rows.map((row) => row.profile.id),
      ),
    );
  return rows.map(({ profile, email, waitingSince: since }) => ({
    userId: profile.id,
    email,
    fullName: profile.fullName,
    companyName: profile.companyName,
    companyType: profile.companyType ?? null,
    country: profile.country ?? null,
    taxId: profile.taxId ?? null,
    registeredAt: profile.createdAt.toISOString(),
    // Raw SQL values arrive as strings on node-postgres and PGlite alike.
    waitingSince: since ? new Date(since).toISOString() : null,
    documents: toDocumentList(documents.filter((document) => document.userId === profile.id)),
  }));
}

async function loadRecipient(tx: AppTransaction, userId: string): Promise<Recipient & { companyName: string }> {
  const [row] = await tx
    .select({ profile: profiles, email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  return {
    userId,
    email: row.email,
    fullName: row.profile.fullName,
    language: row.profile.language,
    notificationPrefs: row.profile.notificationPrefs,
    companyName: row.profile.companyName,
  };
}

/** Marks an uploaded document verified (and from then on locked). */
export async function verifyDocument(db: AppDatabase, admin: AuthContext, documentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(userDocuments)
      .set({ status: 'verified', rejectReason: null, reviewedAt: new Date(), reviewedBy: admin.user.id })
      .where(and(eq(userDocuments.id, documentId), eq(userDocuments.status, 'uploaded')))
      .returning();
    if (!row) throw await missingOrConflict(tx, documentId);
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'kyc.document.verified',
      entityType: 'user_document',
      entityId: row.id,
      data: { userId: row.userId, documentType: row.documentType },
    });
    await tx.insert(notifications).values({
      userId: row.userId,
      type: 'kyc.document_verified',
      data: { documentId: row.id, documentType: row.documentType },
    });
  });
}

/** Rejects an uploaded document with a reason; the user uploads it again from the stepper's first step. */
export async function rejectDocument(
  db: AppDatabase,
  admin: AuthContext,
  documentId: string,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(userDocuments)
      .set({ status: 'rejected', rejectReason: reason, reviewedAt: new Date(), reviewedBy: admin.user.id })
      .where(and(eq(userDocuments.id, documentId), eq(userDocuments.status, 'uploaded')))
      .returning();
    if (!row) throw await missingOrConflict(tx, documentId);
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
      data: { userId: row.userId, documentType: row.documentType },
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

async function missingOrConflict(tx: AppTransaction, documentId: string): Promise<AppError> {
  const [exists] = await tx
    .select({ id: userDocuments.id })
    .from(userDocuments)
    .where(eq(userDocuments.id, documentId));
  return new AppError(exists ? 'CONFLICT' : 'NOT_FOUND');
}

/** Locks the profile of a user under review (admins are never reviewed). */
async function lockReviewedProfile(tx: AppTransaction, userId: string) {
  const [profile] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for('update');
  if (!profile || profile.isAdmin) throw new AppError('NOT_FOUND');
  return profile;
}

/**
 * Approves a company: only when all five documents are verified. The user's
 * next request passes the KYC gate (sessions are read per request).
 */
export async function approveUser(db: AppDatabase, admin: AuthContext, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const profile = await lockReviewedProfile(tx, userId);
    if (profile.kycStatus === 'aprobado') throw new AppError('CONFLICT');
    const rows = await tx.select().from(userDocuments).where(eq(userDocuments.userId, userId)).for('update');
    if (toDocumentList(rows).some((document) => document.status !== 'verified')) {
      throw new AppError('KYC_DOCUMENTS_INCOMPLETE');
    }
    const now = new Date();
    await tx
      .update(profiles)
      .set({
        kycStatus: 'aprobado',
        kycMotivoRechazo: null,
        kycReviewedAt: now,
        kycReviewedBy: admin.user.id,
        updatedAt: now,
      })
      .where(eq(profiles.id, userId));
    await upsertOnboarding(tx, userId, ONBOARDING_STEPS, 'completed');
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'kyc.user.approved',
      entityType: 'profile',
      entityId: userId,
    });
    const recipient = await loadRecipient(tx, userId);
    await notifyUser(
      tx,
      recipient,
      { type: 'kyc.approved', data: {} },
      {
        subjectKey: 'kyc.mail.approvedSubject',
        textKey: 'kyc.mail.approvedText',
        params: { company: recipient.companyName },
      },
    );
  });
}

/** Rejects a company with a reason (shown on /kyc-cuenta/reintentar). */
export async function rejectUser(db: AppDatabase, admin: AuthContext, userId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const profile = await lockReviewedProfile(tx, userId);
    if (profile.kycStatus !== 'pendiente') throw new AppError('CONFLICT');
    const now = new Date();
    await tx
      .update(profiles)
      .set({
        kycStatus: 'rechazado',
        kycMotivoRechazo: reason,
        kycReviewedAt: now,
        kycReviewedBy: admin.user.id,
        updatedAt: now,
      })
      .where(eq(profiles.id, userId));
    await upsertOnboarding(tx, userId, 1, 'in_progress');
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: 'kyc.user.rejected',
      entityType: 'profile',
      entityId: userId,
      reason,
    });
    const recipient = await loadRecipient(tx, userId);
    await notifyUser(
      tx,
      recipient,
      { type: 'kyc.rejected', data: { reason } },
      {
        subjectKey: 'kyc.mail.rejectedSubject',
        textKey: 'kyc.mail.rejectedText',
        params: { company: recipient.companyName, reason },
      },
    );
  });
}

async function upsertOnboarding(
  tx: AppTransaction,
  userId: string,
  currentStep: number,
  status: 'in_progress' | 'completed',
): Promise<void> {
  await tx
    .insert(onboardingStatus)
    .values({ userId, currentStep, status })
    .onConflictDoUpdate({ target: onboardingStatus.userId, set: { currentStep, status, updatedAt: new Date() } });
}

/** The spec's admin_kyc_review list: operations waiting for approval, oldest first. */
export async function listOperationsAwaitingReview(db: AppDatabase): Promise<OperationReviewItem[]> {
  const rows = await db.select().from(adminKycReview).orderBy(asc(adminKycReview.createdAt)).limit(100);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}

/** Approves a pending operation: published (active) from now on. */
export async function approveOperation(db: AppDatabase, admin: AuthContext, operationId: string): Promise<void> {
  await decideOperation(db, admin, operationId, null);
}

export async function rejectOperation(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  reason: string,
): Promise<void> {
  await decideOperation(db, admin, operationId, reason);
}

async function decideOperation(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  rejectReason: string | null,
): Promise<void> {
  const isApproval = rejectReason === null;
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(operations)
      .set(
        isApproval
          ? {
              kycStatus: 'approved',
              kycRejectReason: null,
              status: 'active',
              approvedAt: now,
              approvedBy: admin.user.id,
              updatedAt: now,
            }
          : { kycStatus: 'rejected', kycRejectReason: rejectReason, status: 'rejected', updatedAt: now },
      )
      .where(and(eq(operations.id, operationId), eq(operations.kycStatus, 'pending')))
      .returning({ id: operations.id, title: operations.title, sellerId: operations.sellerId });
    if (!row) {
      const [exists] = await tx.select({ id: operations.id }).from(operations).where(eq(operations.id, operationId));
      throw new AppError(exists ? 'CONFLICT' : 'OPERATION_NOT_FOUND');
    }
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: isApproval ? 'operation.approved' : 'operation.rejected',
      entityType: 'operation',
      entityId: row.id,
      reason: rejectReason,
    });
    const recipient = await loadRecipient(tx, row.sellerId);
    await notifyUser(
      tx,
      recipient,
      {
        type: isApproval ? 'operation.approved' : 'operation.rejected',
        data: { operationId: row.id, operationTitle: row.title, ...(rejectReason ? { reason: rejectReason } : {}) },
      },
      isApproval
        ? {
            subjectKey: 'kyc.mail.operationApprovedSubject',
            textKey: 'kyc.mail.operationApprovedText',
            params: { title: row.title },
          }
        : {
            subjectKey: 'kyc.mail.operationRejectedSubject',
            textKey: 'kyc.mail.operationRejectedText',
            params: { title: row.title, reason: rejectReason },
          },
    );
  });
}
