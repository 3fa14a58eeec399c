import { ONBOARDING_STEPS, kycExpiryDate, kycRenewalState } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { type AppDatabase, type AppTransaction } from '../../db/client';
import { onboardingStatus, profiles, userDocuments } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../audit/audit.service';
import { getComplianceSettings } from '../compliance/compliance-settings.service';
import { screenCompany } from '../compliance/screening.service';
import { loadRecipient, notifyUser } from '../notifications/notify';
import { toDocumentList } from './kyc.service';

/* An admin's decision on a company's KYC: approved (or renewed) with all five documents verified, or rejected. */

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
    if (profile.kycStatus === 'approved' && kycRenewalState(profile.kycExpiresAt, now) === 'valid') {
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
        kycStatus: 'approved',
        kycRejectionReason: null,
        kycReviewedAt: now,
        kycReviewedBy: admin.user.id,
        updatedAt: now,
      })
      .where(eq(profiles.id, userId));
    await upsertOnboarding(tx, userId, ONBOARDING_STEPS, 'completed');
    await writeAudit(tx, {
      actorId: admin.user.id,
      action: profile.kycStatus === 'approved' ? 'kyc.user.renewed' : 'kyc.user.approved',
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
    if (profile.kycStatus !== 'pending') throw new AppError('CONFLICT');
    assertReviewedCompany(profile, revision);
    const now = new Date();
    await tx
      .update(profiles)
      .set({
        kycStatus: 'rejected',
        kycRejectionReason: reason,
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
