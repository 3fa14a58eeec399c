import { dueRenewalReminder, formatCalendarDate, toIsoDate } from '@tradeops/shared';
import { and, asc, eq, gt, isNotNull, lte, or, isNull, sql } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { profiles } from '../../db/schema';
import { loadRecipient, notifyUser } from '../notifications/notify';

/**
 * The KYC renewal reminders (daily): each approved company whose approval lapses within 30 days is
 * reminded, in the bell and by e-mail, 30 and then 7 days before. Each reminder is one conditional
 * update of the stage sent, so a second sweep (another instance, a retry) sends nothing again.
 */
export async function sendKycRenewalReminders(db: AppDatabase, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + 30 * 24 * 3_600_000);
  const due = await db
    .select({ id: profiles.id, expiresAt: profiles.kycExpiresAt, reminded: profiles.kycRenewalRemindedDays })
    .from(profiles)
    .where(
      and(
        eq(profiles.kycStatus, 'approved'),
        isNotNull(profiles.kycExpiresAt),
        gt(profiles.kycExpiresAt, now),
        lte(profiles.kycExpiresAt, horizon),
        or(isNull(profiles.kycRenewalRemindedDays), gt(profiles.kycRenewalRemindedDays, 7)),
      ),
    )
    .orderBy(asc(profiles.kycExpiresAt))
    .limit(500);
  let sent = 0;
  for (const company of due) {
    const days = dueRenewalReminder(company.expiresAt!, company.reminded, now);
    if (days === null) continue;
    const didSend = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(profiles)
        .set({ kycRenewalRemindedDays: days })
        .where(
          and(
            eq(profiles.id, company.id),
            company.reminded === null
              ? isNull(profiles.kycRenewalRemindedDays)
              : eq(profiles.kycRenewalRemindedDays, company.reminded),
            sql`${profiles.kycExpiresAt} = ${company.expiresAt}`,
          ),
        )
        .returning({ id: profiles.id });
      if (!claimed) return false;
      const recipient = await loadRecipient(tx, company.id);
      const date = toIsoDate(company.expiresAt!);
      await notifyUser(
        tx,
        recipient,
        { type: 'kyc.renewal_due', data: { date, days } },
        {
          subjectKey: 'kyc.mail.renewalSubject',
          textKey: 'kyc.mail.renewalText',
          params: { company: recipient.companyName, days, date: formatCalendarDate(date, recipient.language) },
        },
      );
      return true;
    });
    if (didSend) sent += 1;
  }
  return sent;
}
