import { type Language, type NotificationType, type UserRole } from '@tradeops/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { type AppTransaction } from '../../db/client';
import { emailOutbox, notifications, profiles, user, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { type NotificationPrefs } from '../../db/schema/profiles';
import { AppError } from '../../errors';
import { type TranslateParams, translate } from '../../plugins/i18n';
import { webhookEventOf } from '../integrations/webhooks.service';

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
  // One statement (data-modifying CTEs), one round trip: the notification, a delivery per endpoint that
  // wants the event (none when the type is not a webhook event), and the mail unless e-mail is off.
  const event = webhookEventOf(notification);
  const sendsMail = recipient.notificationPrefs.email;
  const params = { name: recipient.fullName, ...mail.params };
  await tx.execute(sql`
    with in_app as (
      insert into ${notifications} (user_id, type, data)
      values (${recipient.userId}, ${notification.type}, ${JSON.stringify(notification.data)}::jsonb)
    ), webhook as (
      insert into ${webhookDeliveries} (endpoint_id, event_id, event_type, payload)
      select id, ${event?.id ?? null}::uuid, ${notification.type}::text, ${event?.payload ?? null}::text
      from ${webhookEndpoints}
      where ${event !== null}::boolean and user_id = ${recipient.userId} and deleted_at is null
        and (jsonb_array_length(events) = 0 or events @> jsonb_build_array(${notification.type}::text))
    )
    insert into ${emailOutbox} (to_address, subject, text, kind, language, action_path, settings_path)
    select ${recipient.email}::text, ${sendsMail ? translate(recipient.language, mail.subjectKey, params) : ''}::text,
      ${sendsMail ? translate(recipient.language, mail.textKey, params) : ''}::text, ${notification.type}::text,
      ${recipient.language}::text, ${notificationPath(notification.type, notification.data)}::text,
      ${recipient.role === 'seller' ? '/seller/settings' : '/buyer/settings'}::text
    where ${sendsMail}::boolean`);
}
