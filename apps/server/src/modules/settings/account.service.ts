import { type AccountProfile, type UpdateAccountProfileRequest } from '@tradeops/shared';
import { eq, sql } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import { profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../audit/audit.service';
import { assertCountryNotEmbargoed } from '../compliance/compliance-gates.service';
import { screenCompany } from '../compliance/screening.service';

/*
 * The settings pages' profile: the person's name, the interface language and
 * notification preferences are theirs to change. The company's identity
 * (name, type, country, tax id) is what KYC verified: editable until the
 * approval, afterwards changed only through support (a new review).
 */

const COMPANY_FIELDS = ['companyName', 'companyType', 'country', 'taxId'] as const;

export async function getAccountProfile(db: Queryable, auth: AuthContext): Promise<AccountProfile> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, auth.user.id));
  if (!profile) throw new AppError('NOT_FOUND');
  return {
    email: auth.user.email,
    fullName: profile.fullName,
    companyName: profile.companyName,
    companyType: profile.companyType ?? null,
    country: (profile.country as AccountProfile['country']) ?? null,
    taxId: profile.taxId ?? null,
    language: profile.language,
    // Stored as { email, in_app } (profiles.notification_prefs).
    notificationPrefs: { email: profile.notificationPrefs.email, inApp: profile.notificationPrefs.in_app },
    canEditCompany: profile.kycStatus !== 'approved',
  };
}

export async function updateAccountProfile(
  db: AppDatabase,
  auth: AuthContext,
  body: UpdateAccountProfileRequest,
): Promise<AccountProfile> {
  if (body.country) await assertCountryNotEmbargoed(db, body.country);
  let screensAgain = false;
  await db.transaction(async (tx) => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, auth.user.id)).for('update');
    if (!profile) throw new AppError('NOT_FOUND');
    const changesCompany = COMPANY_FIELDS.some(
      (field) => body[field] !== undefined && (body[field] || null) !== (profile[field] ?? null),
    );
    if (changesCompany && profile.kycStatus === 'approved') {
      throw new AppError('VALIDATION_FAILED', {}, { fields: { companyName: 'settings.profile.companyLocked' } });
    }
    const changes = {
      ...(body.fullName !== undefined ? { fullName: body.fullName } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
      ...(body.notificationPrefs !== undefined
        ? { notificationPrefs: { email: body.notificationPrefs.email, in_app: body.notificationPrefs.inApp } }
        : {}),
      ...(changesCompany
        ? {
            companyName: body.companyName ?? profile.companyName,
            companyType: body.companyType ?? profile.companyType,
            country: body.country ?? profile.country,
            taxId: body.taxId === undefined ? profile.taxId : body.taxId || null,
          }
        : {}),
    };
    if (Object.keys(changes).length === 0) return;
    // What screening reads changed: the company's name, tax id or country, or the signer's name.
    screensAgain = changesCompany || (body.fullName !== undefined && body.fullName !== profile.fullName);
    await tx
      .update(profiles)
      // Company data is what KYC reviews: a change is a new revision, and a decision on the old one is refused.
      .set({
        ...changes,
        ...(changesCompany ? { kycRevision: sql`${profiles.kycRevision} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, auth.user.id));
    await writeAudit(tx, {
      actorId: auth.user.id,
      action: 'profile.updated',
      entityType: 'profile',
      entityId: auth.user.id,
      data: { fields: Object.keys(changes) },
    });
  });
  if (screensAgain) await screenCompany(db, auth.user.id, 'company_change', { actorId: auth.user.id });
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, auth.user.id));
  return getAccountProfile(db, { ...auth, profile: profile ?? auth.profile });
}
