import { and, eq, notLike } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import { account, session, twoFactor, user, verification } from '../../db/schema';

/*
 * Who holds an account is proved by its mailbox, not by whoever signed up first with the
 * address. Someone may sign up with an address that is not theirs (an admin's, say) and wait:
 * when the owner follows the verification link, the account is verified but its password is
 * still the sign-up's. So:
 *
 * - Verifying the address hands an existing session nothing: every session of the account
 *   ends, any two-factor enrolment (made before the address was proved) and pending sign-in
 *   challenge is dropped, and `password_set_via_mailbox_at` is cleared (`endAccessOnVerification`).
 * - A reset through a mailed link stamps `user.password_set_via_mailbox_at` (`recordMailboxPassword`).
 *   From then on a session is valid only if it was opened under that stamp (`session.mailbox_password_set_at`,
 *   read before the credentials were checked), so a sign-in or a two-factor step that raced the
 *   reset keeps nothing. On an address of an admin list the first such password also drops a
 *   two-factor enrolment made before it (it may be the squatter's, who would otherwise lock the
 *   owner out).
 * - A password changed from a session opened before the stamp (a change that raced the reset)
 *   voids the stamp (`voidStaleMailboxPassword`).
 * - An admin list grants rights only to a verified account with the stamp (auth-plugin's isAdminAccount).
 */

/** Verification rows of an account other than its reset tokens: pending two-factor sign-ins, trusted devices. */
const pendingSignInsOf = (userId: string) =>
  and(eq(verification.value, userId), notLike(verification.identifier, 'reset-password:%'));

/** Drops the account's two-factor enrolment (row and flag) and every pending sign-in step. */
async function dropTwoFactor(tx: Queryable, userId: string): Promise<void> {
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
}

/**
 * The address was just proved by its link: every session of the account ends (whoever opened
 * it, it was opened with the sign-up's password), two-factor enrolled before is dropped, pending
 * sign-in steps die, and no mailbox password counts yet (one must be set after this).
 */
export async function endAccessOnVerification(db: AppDatabase, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(user).set({ passwordSetViaMailboxAt: null }).where(eq(user.id, userId));
    await dropTwoFactor(tx, userId);
    await tx.delete(verification).where(pendingSignInsOf(userId));
    await tx.delete(session).where(eq(session.userId, userId));
  });
}

/** The account's mailbox-password stamp (null: none), by id or e-mail; undefined when there is no such account. */
export async function readMailboxPasswordAt(
  db: Queryable,
  by: { userId: string } | { email: string },
): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ at: user.passwordSetViaMailboxAt })
    .from(user)
    .where('userId' in by ? eq(user.id, by.userId) : eq(user.email, by.email))
    .limit(1);
  return row ? row.at : undefined;
}

/** Whether two stamps are the same moment (both null included). */
export function isSameStamp(a: Date | null | undefined, b: Date | null | undefined): boolean {
  return (a ?? null)?.getTime() === (b ?? null)?.getTime();
}

/**
 * Whether a session still counts: while the account has a mailbox password, only sessions
 * opened under it do.
 */
export function isSessionUnderCurrentPassword(
  accountStamp: Date | null | undefined,
  sessionStamp: Date | null | undefined,
): boolean {
  return accountStamp == null || isSameStamp(accountStamp, sessionStamp);
}

/**
 * Records on a new session (by its token) the stamp that stood when its credentials were
 * checked. Nothing to write when there was none (the column's default).
 */
export async function stampSession(db: Queryable, token: string, stamp: Date | null | undefined): Promise<void> {
  if (stamp == null) return;
  await db.update(session).set({ mailboxPasswordSetAt: stamp }).where(eq(session.token, token));
}

/**
 * After a mailed reset link set the password whose hash is `hash`: stamps the account, ends
 * every session and pending sign-in step (Better Auth already revoked the sessions; this also
 * catches any opened meanwhile), and on an address of an admin list, the first time, drops
 * two-factor enrolled before. Refuses (false) when the password is no longer that hash: a
 * change that raced the reset won, and nothing is stamped. The user and credential rows stay
 * locked until the end, so a racing change either lands first (seen here) or after the stamp
 * (and voids it: `voidStaleMailboxPassword`).
 */
export async function recordMailboxPassword(
  db: AppDatabase,
  { userId, hash, isListedAdmin }: { userId: string; hash: string; isListedAdmin: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
    const [credential] = await tx
      .select({ password: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
      .for('update');
    if (!owner || credential?.password !== hash) return false;
    await tx.update(user).set({ passwordSetViaMailboxAt: new Date() }).where(eq(user.id, userId));
    if (isListedAdmin && owner.passwordSetViaMailboxAt === null) await dropTwoFactor(tx, userId);
    await tx.delete(verification).where(pendingSignInsOf(userId));
    await tx.delete(session).where(eq(session.userId, userId));
    return true;
  });
}

/**
 * After a password change from a session opened under `sessionStamp`: when the account's stamp
 * is another (a reset landed while the change was under way, so the new password may be the
 * one the reset meant to replace), the stamp is void — no list-based admin rights until the
 * next reset. Holds the user row, like recordMailboxPassword.
 */
export async function voidStaleMailboxPassword(
  db: AppDatabase,
  userId: string,
  sessionStamp: Date | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ at: user.passwordSetViaMailboxAt })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!owner || isSameStamp(owner.at, sessionStamp)) return;
    await tx.update(user).set({ passwordSetViaMailboxAt: null }).where(eq(user.id, userId));
  });
}

/**
 * After a two-factor enrolment from a session opened under `sessionStamp`: when the account's
 * stamp is another (a reset landed meanwhile), the enrolment is undone — it came from a session
 * that no longer counts, and would lock the password's owner out. Holds the user row.
 */
export async function dropStaleTwoFactor(db: AppDatabase, userId: string, sessionStamp: Date | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ at: user.passwordSetViaMailboxAt })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!owner || isSessionUnderCurrentPassword(owner.at, sessionStamp)) return;
    await dropTwoFactor(tx, userId);
  });
}
