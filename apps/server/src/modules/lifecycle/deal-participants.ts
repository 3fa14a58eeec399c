// The deal's live orders and how a lifecycle step reaches them and the seller (inside the lifecycle module).
import { and, asc, eq } from 'drizzle-orm';
import { type AppTransaction, type Queryable } from '../../db/client';
import { orders, profiles } from '../../db/schema';
import { type NotificationType, formatCalendarDate, isTradeDocumentKind, operationTitleFor } from '@tradeops/shared';
import { translate } from '../../plugins/i18n';
import { type UserNotice, loadRecipients, notifyUsers } from '../notifications/notify';
import { type OperationRow } from '../operations/operation-aggregate';

/** Live orders of a deal (the ones that hold tons), oldest first. */
export async function listLiveOrders(db: Queryable, operationId: string) {
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      volume: orders.volume,
      amountCents: orders.amountCents,
      paymentStatus: orders.paymentStatus,
      notificationsEnabled: orders.notificationsEnabled,
      companyName: profiles.companyName,
    })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.userId))
    .where(and(eq(orders.operationId, operationId), eq(orders.status, 'active')))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/**
 * Tells the deal's buyers and its seller about a step, in the step's transaction.
 * A buyer who turned the deal's notifications off (notifications_enabled) still
 * sees it in the app and in the operation room, but gets no e-mail. The notification keeps the
 * step's date as data (YYYY-MM-DD: the bell writes it in the viewer's language); the mail is
 * written in the recipient's language, title and date included.
 */
export async function notifyDeal(
  tx: AppTransaction,
  operation: OperationRow,
  type: NotificationType,
  data: Record<string, unknown>,
): Promise<void> {
  const participants = await listLiveOrders(tx, operation.id);
  const emailOff = new Set(participants.filter((p) => !p.notificationsEnabled).map((p) => p.userId));
  const userIds = [...new Set([...participants.map((p) => p.userId), operation.sellerId])];
  const recipients = await loadRecipients(tx, userIds);
  const notices: UserNotice[] = [];
  for (const userId of userIds) {
    const recipient = recipients.get(userId);
    if (!recipient) continue;
    const payload = {
      operationId: operation.id,
      operationTitle: operationTitleFor(operation, recipient.language),
      ...data,
    };
    const mailParams = { ...payload } as Record<string, string | number>;
    if (typeof data.date === 'string') mailParams.date = formatCalendarDate(data.date, recipient.language);
    if (typeof data.document === 'string' && isTradeDocumentKind(data.document)) {
      mailParams.documentName = translate(recipient.language, `tradeDocuments.kinds.${data.document}`);
    }
    const prefs = emailOff.has(userId) ? { ...recipient.notificationPrefs, email: false } : recipient.notificationPrefs;
    notices.push({
      recipient: { ...recipient, notificationPrefs: prefs },
      notification: { type, data: payload },
      mail: { subjectKey: `lifecycle.mail.subject`, textKey: `notifications.types.${type}`, params: mailParams },
    });
  }
  // Every participant's notice in one statement (a full deal has hundreds of buyers).
  await notifyUsers(tx, notices);
}
