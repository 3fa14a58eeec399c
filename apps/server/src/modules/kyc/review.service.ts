import {
  KYC_DOCUMENT_TYPE_LIST,
  ONBOARDING_STEP,
  ONBOARDING_STEPS,
  type KycOverviewResponse,
  type KycReviewUser,
  type Language,
  type OperationReviewItem,
  canApply,
  findDocumentDateProblem,
  kycExpiryDate,
  kycRenewalState,
} from '@tradeops/shared';
import { and, count, eq, getViewSelectedFields, inArray, sql } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { adminKycReview, notifications, onboardingStatus, profiles, user, userDocuments } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { translate } from '../../plugins/i18n';
import { writeAudit } from '../audit/audit.service';
import { assertRouteNotEmbargoed } from '../compliance/compliance-gates.service';
import { getComplianceSettings } from '../compliance/compliance-settings.service';
import { screenCompany } from '../compliance/screening.service';
import { getCompanyScreenings } from '../compliance/cases.service';
import { loadRecipient, notifyUser } from '../notifications/notify';
import { lockExistingOperation, transition } from '../operations/operation-aggregate';
import { type Page, type PageQuery, operationTitleFor } from '@tradeops/shared';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { toDocumentList } from './kyc.service';

/**
 * Users waiting for a reviewer: KYC pending, not admins, documents sent to review (the
 * stepper's Continue: step 2 or later), and either a document uploaded and not reviewed yet,
 * or all five verified (waiting for the approval).
 */
const awaitingReview = sql`(${profiles.kycStatus} = 'pendiente' or (${profiles.kycStatus} = 'aprobado'
  and ${profiles.kycExpiresAt} <= now() + interval '30 days')) and not ${profiles.isAdmin} and exists (
  select 1 from ${onboardingStatus} where ${onboardingStatus.userId} = ${profiles.id}
    and ${onboardingStatus.currentStep} >= ${ONBOARDING_STEP.review}) and (exists (
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

/** The review queue, the longest-waiting upload first, a page at a time, each user with the five documents. */
export async function listUsersAwaitingReview(db: AppDatabase, page: PageQuery): Promise<Page<KycReviewUser>> {
  const waitingSince = sql<Date | null>`coalesce(
    (select min(${userDocuments.uploadedAt}) from ${userDocuments}
      where ${userDocuments.userId} = ${profiles.id} and ${userDocuments.status} = 'uploaded'),
    (select max(${userDocuments.reviewedAt}) from ${userDocuments} where ${userDocuments.userId} = ${profiles.id}))`;
  // Waiting since its oldest upload (or its last review), else since sign-up: never null, so it keys the pages.
  const keyset: Keyset = { at: sql`coalesce(${waitingSince}, ${profiles.createdAt})`, id: profiles.id, order: 'asc' };
  const [rows, [waiting]] = await Promise.all([
    db
      .select({ cursorAt: cursorAtOf(keyset), profile: profiles, email: user.email, waitingSince })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(and(awaitingReview, afterCursor(keyset, page.cursor)))
      .orderBy(...keysetOrder(keyset))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(profiles).where(awaitingReview),
  ]);
  const kept = rows.slice(0, page.limit);
  const toKey = (row: (typeof rows)[number]) => ({ at: row.cursorAt, id: row.profile.id });
  if (kept.length === 0) return toPage(rows, page, toKey, waiting?.n ?? 0, () => []);
  const documents = await db
    .select()
    .from(userDocuments)
    .where(
      inArray(
        userDocuments.userId,
        kept.map((row) => row.profile.id),
      ),
    );
  const screenings = await getCompanyScreenings(
    db,
    kept.map((row) => row.profile.id),
  );
  return toPage(rows, page, toKey, waiting?.n ?? 0, () =>
    kept.map(({ profile, email, waitingSince: since }) => ({
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
      revision: profile.kycRevision,
      documents: toDocumentList(documents.filter((document) => document.userId === profile.id)),
      screening: screenings.get(profile.id) ?? { status: profile.complianceStatus, lastScreenedAt: null, cases: [] },
    })),
  );
}

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

/** Locks the profile of a user under review (admins are never reviewed). */
async function lockReviewedProfile(tx: AppTransaction, userId: string) {
  const [profile] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for('update');
  if (!profile || profile.isAdmin) throw new AppError('NOT_FOUND');
  return profile;
}

/** The company data must still be the revision the admin reviewed (editable until the approval). */
function assertReviewedCompany(profile: { kycRevision: number }, revision: number): void {
  if (profile.kycRevision !== revision) throw new AppError('KYC_COMPANY_CHANGED');
}

/**
 * A company is approved only with no open or confirmed screening case (the reviewer clears or
 * confirms each under Compliance first) and not registered in an embargoed jurisdiction.
 */
function assertScreeningResolved(
  profile: { complianceStatus: string; country: string | null },
  embargoed: readonly string[],
): void {
  if (profile.complianceStatus === 'blocked') throw new AppError('KYC_SCREENING_CONFIRMED');
  if (profile.complianceStatus === 'review') throw new AppError('KYC_SCREENING_UNRESOLVED');
  if (profile.country && embargoed.includes(profile.country)) {
    throw new AppError('COMPANY_JURISDICTION_EMBARGOED', { country: profile.country });
  }
}

/**
 * Approves a company: only when all five documents are verified. The user's
 * next request passes the KYC gate (sessions are read per request).
 */
export async function approveUser(
  db: AppDatabase,
  admin: AuthContext,
  userId: string,
  revision: number,
): Promise<void> {
  // Screened against the lists in force now; a hit opens a case the approval waits for.
  await screenCompany(db, userId, 'kyc_review', { actorId: admin.user.id });
  const { embargoedJurisdictions, kycRenewalMonths } = await getComplianceSettings(db);
  await db.transaction(async (tx) => {
    const profile = await lockReviewedProfile(tx, userId);
    const now = new Date();
    // An approved company is approved again only for its renewal (from 30 days before it lapses).
    if (profile.kycStatus === 'aprobado' && kycRenewalState(profile.kycExpiresAt, now) === 'valid') {
      throw new AppError('CONFLICT');
    }
    assertReviewedCompany(profile, revision);
    assertScreeningResolved(profile, embargoedJurisdictions);
    const rows = await tx.select().from(userDocuments).where(eq(userDocuments.userId, userId)).for('update');
    if (toDocumentList(rows).some((document) => document.status !== 'verified')) {
      throw new AppError('KYC_DOCUMENTS_INCOMPLETE');
    }
    const kycExpiresAt = kycExpiryDate(
      now,
      kycRenewalMonths,
      rows.map((row) => row.expiresOn).filter((date): date is string => date !== null),
    );
    await tx
      .update(profiles)
      .set({
        kycExpiresAt,
        kycRenewalRemindedDays: null,
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
      action: profile.kycStatus === 'aprobado' ? 'kyc.user.renewed' : 'kyc.user.approved',
      entityType: 'profile',
      entityId: userId,
      data: { revision, kycExpiresAt: kycExpiresAt.toISOString() },
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
export async function rejectUser(
  db: AppDatabase,
  admin: AuthContext,
  userId: string,
  reason: string,
  revision: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const profile = await lockReviewedProfile(tx, userId);
    if (profile.kycStatus !== 'pendiente') throw new AppError('CONFLICT');
    assertReviewedCompany(profile, revision);
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
      data: { revision },
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
/** The offers waiting for a decision, oldest first, each titled in the admin's language. */
export async function listOperationsAwaitingReview(
  db: AppDatabase,
  language: Language,
  page: PageQuery,
): Promise<Page<OperationReviewItem>> {
  const [rows, [waiting]] = await Promise.all([
    db
      .select({ ...getViewSelectedFields(adminKycReview), cursorAt: cursorAtOf(OFFER_REVIEW_KEYSET) })
      .from(adminKycReview)
      .where(afterCursor(OFFER_REVIEW_KEYSET, page.cursor))
      .orderBy(...keysetOrder(OFFER_REVIEW_KEYSET))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(adminKycReview),
  ]);
  return toPage(
    rows,
    page,
    (row) => ({ at: row.cursorAt, id: row.id }),
    waiting?.n ?? 0,
    (kept) =>
      kept.map(({ titleEn, cursorAt: _cursorAt, ...row }) => ({
        ...row,
        title: operationTitleFor({ title: row.title, titleEn }, language),
        createdAt: new Date(row.createdAt).toISOString(),
      })),
  );
}

const OFFER_REVIEW_KEYSET: Keyset = {
  at: adminKycReview.createdAt,
  id: adminKycReview.id,
  order: 'asc',
  idIsUuid: true,
};

/** Approves a pending operation, if it is still the revision reviewed: published (active) from now on. */
export async function approveOperation(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  revision: number,
): Promise<void> {
  await decideOperation(db, admin, operationId, revision, null);
}

export async function rejectOperation(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  reason: string,
  revision: number,
): Promise<void> {
  await decideOperation(db, admin, operationId, revision, reason);
}

/**
 * The decision under the offer's row lock, on the pending offer at the reviewed revision: a seller's
 * edit takes the same lock and bumps the revision, so an edit that commits first makes the decision
 * refused (OFFER_CHANGED), and one that comes after finds the offer no longer editable.
 */
async function decideOperation(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  revision: number,
  rejectReason: string | null,
): Promise<void> {
  const isApproval = rejectReason === null;
  await db.transaction(async (tx) => {
    const now = new Date();
    const current = await lockExistingOperation(tx, operationId);
    if (current.kycStatus !== 'pending' || current.revision !== revision) {
      throw new AppError(
        current.kycStatus === 'pending' && current.revision !== revision ? 'OFFER_CHANGED' : 'CONFLICT',
      );
    }
    const event = isApproval ? 'approve' : 'reject';
    if (!canApply(current.status, event)) throw new AppError('CONFLICT');
    if (isApproval)
      assertRouteNotEmbargoed(current, { embargoed: (await getComplianceSettings(tx)).embargoedJurisdictions });
    const row = await transition(tx, current, event, {
      actorId: admin.user.id,
      now,
      action: isApproval ? 'operation.approved' : 'operation.rejected',
      reason: rejectReason,
      data: { revision },
      fields: isApproval
        ? { kycStatus: 'approved', kycRejectReason: null, approvedAt: now, approvedBy: admin.user.id }
        : { kycStatus: 'rejected', kycRejectReason: rejectReason },
    });
    const recipient = await loadRecipient(tx, row.sellerId);
    const title = operationTitleFor(row, recipient.language);
    await notifyUser(
      tx,
      recipient,
      {
        type: isApproval ? 'operation.approved' : 'operation.rejected',
        data: { operationId: row.id, operationTitle: title, ...(rejectReason ? { reason: rejectReason } : {}) },
      },
      isApproval
        ? {
            subjectKey: 'kyc.mail.operationApprovedSubject',
            textKey: 'kyc.mail.operationApprovedText',
            params: { title },
          }
        : {
            subjectKey: 'kyc.mail.operationRejectedSubject',
            textKey: 'kyc.mail.operationRejectedText',
            params: { title, reason: rejectReason },
          },
    );
  });
}
