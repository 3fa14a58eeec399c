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

/** One user's notice: the in-app notification and the mail that goes with it. */
export interface UserNotice {
  recipient: Recipient;
  notification: { type: NotificationType; data: Record<string, unknown> };
  mail: { subjectKey: string; textKey: string; params: TranslateParams };
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
  notification: UserNotice['notification'],
  mail: UserNotice['mail'],
): Promise<void> {
  await notifyUsers(tx, [{ recipient, notification, mail }]);
}

/**
 * Several notices (a batch of orders) as `notifyUser` writes one, in one statement (data-modifying
 * CTEs over the notices as rows), one round trip: the notifications in the given order, a delivery
 * per endpoint that wants each event (none when the type is not a webhook event), and each mail
 * unless its recipient turned e-mail off.
 */
export async function notifyUsers(tx: AppTransaction, notices: readonly UserNotice[]): Promise<void> {
  // A statement carries at most 65,535 parameters: thirteen per notice.
  for (let start = 0; start < notices.length; start += NOTICES_PER_STATEMENT) {
    await writeNotices(tx, notices.slice(start, start + NOTICES_PER_STATEMENT));
  }
}

const NOTICES_PER_STATEMENT = 1_000;

async function writeNotices(tx: AppTransaction, notices: readonly UserNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const rows = notices.map(({ recipient, notification, mail }, index) => {
    const event = webhookEventOf(notification);
    const sendsMail = recipient.notificationPrefs.email;
    const params = { name: recipient.fullName, ...mail.params };
    return sql`(${index}::int, ${recipient.userId}::text, ${notification.type}::text,
      ${JSON.stringify(notification.data)}::jsonb, ${event?.id ?? null}::uuid,
      ${event ? JSON.stringify(event.payloads) : null}::jsonb,
      ${sendsMail}::boolean, ${recipient.email}::text,
      ${sendsMail ? translate(recipient.language, mail.subjectKey, params) : ''}::text,
      ${sendsMail ? translate(recipient.language, mail.textKey, params) : ''}::text,
      ${recipient.language}::text, ${notificationPath(notification.type, notification.data)}::text,
      ${recipient.role === 'seller' ? '/seller/settings' : '/buyer/settings'}::text)`;
  });
  await tx.execute(sql`
    with notice (position, user_id, type, data, event_id, payloads, sends_mail, to_address, subject, text,
                 language, action_path, settings_path) as (values ${sql.join(rows, sql`, `)}),
    in_app as (
      insert into ${notifications} (user_id, type, data)
      select user_id, type, data from notice order by position
    ), webhook as (
      insert into ${webhookDeliveries} (endpoint_id, event_id, event_type, payload)
      select endpoint.id, notice.event_id, notice.type, notice.payloads ->> endpoint.api_version
      from notice join ${webhookEndpoints} endpoint on endpoint.user_id = notice.user_id
      where notice.event_id is not null and endpoint.deleted_at is null
        and (jsonb_array_length(endpoint.events) = 0 or endpoint.events @> jsonb_build_array(notice.type))
      order by notice.position, endpoint.id
    )
    insert into ${emailOutbox} (to_address, subject, text, kind, language, action_path, settings_path)
    select to_address, subject, text, type, language, action_path, settings_path
    from notice where sends_mail order by position`);
}
