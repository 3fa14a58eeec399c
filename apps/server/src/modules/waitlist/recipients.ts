import { eq } from 'drizzle-orm';
import { type AppTransaction } from '../../db/client';
import { operations, profiles, user } from '../../db/schema';
import { AppError } from '../../errors';
import { type Recipient } from '../notifications/notify';

/** A user as a notification recipient (in-app always, e-mail unless turned off). */
export async function loadRecipient(tx: AppTransaction, userId: string): Promise<Recipient> {
  const [row] = await tx
    .select({ profile: profiles, email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  return {
    userId,
    email: row.email,
    fullName: row.profile.fullName,
    language: row.profile.language,
    notificationPrefs: row.profile.notificationPrefs,
  };
}

export function operationTitleFor(
  operation: Pick<typeof operations.$inferSelect, 'title' | 'titleEn'>,
  language: string,
): string {
  return (language === 'en' && operation.titleEn) || operation.title;
}
