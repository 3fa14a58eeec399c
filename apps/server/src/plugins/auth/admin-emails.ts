import { eq } from 'drizzle-orm';
import { type Queryable } from '../../db/client';
import { platformSettings } from '../../db/schema';

/*
 * Admin e-mails: the ADMIN_EMAILS environment variable names the deployment's
 * admins (always admins, changed only by redeploying: nobody can lock them out
 * from the UI); /admin/settings keeps a second list in platform_settings
 * (`admin_emails`). An account is an admin when its profile says so or its
 * e-mail is on either list. The stored list is read through a short per-process
 * cache, forgotten when the database announces a settings change (migration 0005,
 * on every instance; ADMIN_EMAILS_CACHE_MS bounds a lost announcement) and at once
 * on the instance that saved it. The auth plugin reads the lists here; the settings module
 * (/admin/settings) writes the stored one and forgets it.
 */

const ADMIN_EMAILS_CACHE_MS = 5_000;
/** Per database handle, so several apps in one process (tests) never share a list. */
const adminEmailsCache = new WeakMap<object, { at: number; emails: string[] }>();

export function toEmailList(value: unknown): string[] {
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
