import { type Language } from '@tradeops/shared';
import { type AppTransaction } from '../../db/client';
import { auditLog, emailOutbox, notifications } from '../../db/schema';
import { type NotificationPrefs } from '../../db/schema/profiles';
import { type TranslateParams, translate } from '../../plugins/i18n';

export interface Recipient {
  userId: string;
  email: string;
  fullName: string;
  language: Language;
  notificationPrefs: NotificationPrefs;
}

/**
 * Tells a user about a decision inside the decision's transaction: always an
 * in-app notification, and an e-mail in the outbox (sent when SMTP is set)
 * unless the user turned e-mail off.
 */
export async function notifyUser(
  tx: AppTransaction,
  recipient: Recipient,
  notification: { type: string; data: Record<string, unknown> },
  mail: { subjectKey: string; textKey: string; params: TranslateParams },
): Promise<void> {
  await tx.insert(notifications).values({ userId: recipient.userId, type: notification.type, data: notification.data });
  if (!recipient.notificationPrefs.email) return;
  const params = { name: recipient.fullName, ...mail.params };
  await tx.insert(emailOutbox).values({
    to: recipient.email,
    subject: translate(recipient.language, mail.subjectKey, params),
    text: translate(recipient.language, mail.textKey, params),
  });
}

/** One row of the audit log: who did what to which record, and why. */
export async function writeAudit(
  tx: AppTransaction,
  entry: {
    actorId: string | null;
    action: string;
    entityType: string;
    entityId: string;
    reason?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    reason: entry.reason ?? null,
    data: entry.data ?? {},
  });
}
