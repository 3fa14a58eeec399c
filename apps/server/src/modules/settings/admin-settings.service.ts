import {
  type AdminSettingsResponse,
  type PlatformSettingKey,
  type UpdateAdminSettingsRequest,
  stableJson,
} from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { forgetStoredAdminEmails, toEmailList } from '../../plugins/auth/admin-emails';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../audit/audit.service';
import { getPlatformSettings, storedEscrowBankDetails, storedPlatformCompany } from './settings.service';

export async function getAdminSettings(
  db: Queryable,
  envAdminEmails: readonly string[],
): Promise<AdminSettingsResponse> {
  const settings = await getPlatformSettings(db);
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, 'admin_emails'));
  return {
    adminEmails: toEmailList(row?.value),
    envAdminEmails: [...envAdminEmails],
    escrowBankDetails: settings.escrowBankDetails,
    platformCompany: settings.platformCompany,
    orderHoldHours: settings.orderHoldHours,
    fundRetentionDays: settings.fundRetentionDays,
    platformFeeBps: settings.platformFeeBps,
    disputeWindowDays: settings.disputeWindowDays,
    holdbackReleaseBps: settings.holdbackReleaseBps,
  };
}

/**
 * Saves every setting in one transaction; each changed key gets an audit row
 * with its old and new value.
 */
export async function updateAdminSettings(
  db: AppDatabase,
  admin: AuthContext,
  body: UpdateAdminSettingsRequest,
  envAdminEmails: readonly string[],
): Promise<AdminSettingsResponse> {
  const values: Partial<Record<PlatformSettingKey, unknown>> = {
    admin_emails: [...new Set(body.adminEmails.map((email) => email.toLowerCase()))].sort(),
    escrow_bank_details: storedEscrowBankDetails(body.escrowBankDetails),
    platform_company: storedPlatformCompany(body.platformCompany),
    order_hold_hours: body.orderHoldHours,
    fund_retention_days: body.fundRetentionDays,
    platform_fee_bps: body.platformFeeBps,
    dispute_window_days: body.disputeWindowDays,
    // Left out of the request: left as it is.
    ...(body.holdbackReleaseBps === undefined ? {} : { holdback_release_bps: body.holdbackReleaseBps }),
  };
  await db.transaction(async (tx) => {
    const current = await tx.select().from(platformSettings).for('update');
    const before = new Map(current.map((row) => [row.key, row.value]));
    for (const [key, value] of Object.entries(values) as [PlatformSettingKey, unknown][]) {
      if (stableJson(before.get(key)) === stableJson(value)) continue;
      await tx
        .insert(platformSettings)
        .values({ key, value, updatedBy: admin.user.id })
        .onConflictDoUpdate({
          target: platformSettings.key,
          set: { value, updatedBy: admin.user.id, updatedAt: new Date() },
        });
      await writeAudit(tx, {
        actorId: admin.user.id,
        action: 'settings.updated',
        entityType: 'platform_setting',
        entityId: key,
        data: { before: before.get(key) ?? null, after: value },
      });
    }
  });
  forgetStoredAdminEmails(db);
  return getAdminSettings(db, envAdminEmails);
}
