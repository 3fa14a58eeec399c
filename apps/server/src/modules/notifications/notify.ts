import { type Language, type NotificationType, type UserRole } from '@tradeops/shared';
import { eq, inArray } from 'drizzle-orm';
import { type AppTransaction } from '../../db/client';
import { emailOutbox, notifications, profiles, user } from '../../db/schema';
import { type NotificationPrefs } from '../../db/schema/profiles';
import { AppError } from '../../errors';
import { type TranslateParams, translate } from '../../plugins/i18n';
import { queueWebhookEvent } from '../integrations/webhooks.service';

export interface Recipient {
  userId: string;
  email: string;
  fullName: string;
  language: Language;
  notificationPrefs: NotificationPrefs;
  /** For mails that name the account's company (KYC decisions). */
  companyName: string;
  /** Where their notification settings are (a seller's or a buyer's settings page). */
  role: UserRole | null;
}

function toRecipient(row: { profile: typeof profiles.$inferSelect; email: string }): Recipient {
  return {
    userId: row.profile.id,
    email: row.email,
    fullName: row.profile.fullName,
    language: row.profile.language,
    notificationPrefs: row.profile.notificationPrefs,
    companyName: row.profile.companyName,
    role: row.profile.role,
  };
}

/** A user as a notification recipient (in-app always, e-mail unless turned off). */
export async function loadRecipient(tx: AppTransaction, userId: string): Promise<Recipient> {
  const recipient = (await loadRecipients(tx, [userId])).get(userId);
  if (!recipient) throw new AppError('NOT_FOUND');
  return recipient;
}

/** Several users as recipients, by user id, in one query (absent ids are left out). */
export async function loadRecipients(tx: AppTransaction, userIds: string[]): Promise<Map<string, Recipient>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ profile: profiles, email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(inArray(profiles.id, userIds));
  return new Map(rows.map((row) => [row.profile.id, toRecipient(row)]));
}

/** The page a notification's mail leads to (the bell's links, and the KYC pages for KYC decisions). */
export function notificationPath(type: string, data: Record<string, unknown>): string | null {
  if (typeof data.operationId === 'string') {
    const id = encodeURIComponent(data.operationId);
    return type.startsWith('operation.') ? `/operation/${id}` : `/operation/${id}/waiting`;
  }
  if (type === 'kyc.approved') return '/mode-select';
  if (type.startsWith('kyc.')) return '/kyc-cuenta';
  return null;
}

/**
 * Tells a user about a decision inside the decision's transaction: always an
 * in-app notification, the same event to the company's webhooks (docs/api.md), and an
 * e-mail in the outbox (the mail worker sends it when SMTP is set, woken by the
 * notification's NOTIFY) unless the user turned e-mail off.
 */
export async function notifyUser(
  tx: AppTransaction,
  recipient: Recipient,
  notification: { type: NotificationType; data: Record<string, unknown> },
  mail: { subjectKey: string; textKey: string; params: TranslateParams },
): Promise<void> {
  await tx.insert(notifications).values({ userId: recipient.userId, type: notification.type, data: notification.data });
  await queueWebhookEvent(tx, { userId: recipient.userId, type: notification.type, data: notification.data });
  if (!recipient.notificationPrefs.email) return;
  const params = { name: recipient.fullName, ...mail.params };
  await tx.insert(emailOutbox).values({
    to: recipient.email,
    subject: translate(recipient.language, mail.subjectKey, params),
    text: translate(recipient.language, mail.textKey, params),
    kind: notification.type,
    language: recipient.language,
    actionPath: notificationPath(notification.type, notification.data),
    settingsPath: recipient.role === 'seller' ? '/seller/settings' : '/buyer/settings',
  });
}
