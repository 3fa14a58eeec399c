import { type AdminSettingsResponse, type PlatformSettingKey, type UpdateAdminSettingsRequest } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../notifications/notify';
import { getPlatformSettings } from './settings.service';

/*
 * Admin e-mails: the ADMIN_EMAILS environment variable names the deployment's
 * admins (always admins, changed only by redeploying: nobody can lock them out
 * from the UI); /admin/settings keeps a second list in platform_settings
 * (`admin_emails`). An account is an admin when its profile says so or its
 * e-mail is on either list. The stored list is read through a short per-process
 * cache, forgotten when the database announces a settings change (migration 0005,
 * on every instance; ADMIN_EMAILS_CACHE_MS bounds a lost announcement) and at once
 * on the instance that saved it.
 */

const ADMIN_EMAILS_CACHE_MS = 5_000;
/** Per database handle, so several apps in one process (tests) never share a list. */
const adminEmailsCache = new WeakMap<object, { at: number; emails: string[] }>();

function toEmailList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string').map((e) => e.toLowerCase())
    : [];
}

/** Forgets the stored list read through `db`: the next read goes to the database. */
export function forgetStoredAdminEmails(db: Queryable): void {
  adminEmailsCache.delete(db);
}

export async function getStoredAdminEmails(db: Queryable): Promise<string[]> {
  const now = Date.now();
  const cached = adminEmailsCache.get(db);
  if (cached && now - cached.at < ADMIN_EMAILS_CACHE_MS) return cached.emails;
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, 'admin_emails'));
  const emails = toEmailList(row?.value);
  adminEmailsCache.set(db, { at: now, emails });
  return emails;
}

/** Both lists of admin e-mails: the environment's and the stored one. */
export async function getAdminEmails(db: Queryable, envAdminEmails: readonly string[]): Promise<string[]> {
  const stored = await getStoredAdminEmails(db).catch(() => []);
  return [...new Set([...envAdminEmails, ...stored])];
}

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
    reservationHoldHours: settings.reservationHoldHours,
    fundRetentionDays: settings.fundRetentionDays,
  };
}

/** JSON with object keys sorted: jsonb gives keys back in its own order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
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
  const values: Record<PlatformSettingKey, unknown> = {
    admin_emails: [...new Set(body.adminEmails.map((email) => email.toLowerCase()))].sort(),
    escrow_bank_details: body.escrowBankDetails,
    reservation_hold_hours: body.reservationHoldHours,
    fund_retention_days: body.fundRetentionDays,
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
  adminEmailsCache.delete(db);
  return getAdminSettings(db, envAdminEmails);
}
