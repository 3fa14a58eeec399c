import { type ChangePasswordRequest, type ResetPasswordRequest } from '@tradeops/shared';
import { isAPIError } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import { account, user } from '../../db/schema';
import { AppError } from '../../errors';
import { getAdminEmails } from '../../plugins/auth/admin-emails';
import {
  forwardSetCookies,
  isListedAdminAddress,
  sessionTokenSetBy,
  toFetchHeaders,
} from '../../plugins/auth/auth-plugin';
import { recordMailboxPassword, stampSession, voidStaleMailboxPassword } from '../../plugins/auth/mailbox-password';
import { isWellFormedResetToken, revokeResetTokens } from '../../plugins/auth/reset-tokens';
import { RATE_LIMITS, type RateLimitCheck } from '../../plugins/rate-limit';
import { type AuthDeps, assertPasswordNotCommon } from './auth.service';

/* A password set again: reset from an e-mailed link, or changed by the signed-in user. */

/** Queues a reset e-mail when the account exists; answers the same either way (no account discovery). */
export async function requestPasswordReset({ app, request }: AuthDeps, rawEmail: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  // Counted whether or not the account exists, so the limit discloses nothing either.
  await app.rateLimits.consume([RATE_LIMITS.resetAccount, email], [RATE_LIMITS.resetAddress, request.ip]);
  // No redirectTo: the e-mailed link is built from PUBLIC_URL (better-auth.ts), never from this request.
  await app.betterAuth.api.requestPasswordReset({ body: { email }, headers: toFetchHeaders(request) });
}

/**
 * Sets a new password from an e-mailed token; every session of the account is revoked. The
 * password is then one set through the mailbox: recorded (mailbox-password.ts), which is what
 * an address on an admin list needs before it grants rights.
 */
export async function resetPassword({ app, request }: AuthDeps, body: ResetPasswordRequest): Promise<void> {
  assertPasswordNotCommon(body.newPassword, 'newPassword');
  // Never a stored hash replayed as a token (Better Auth also looks identifiers up in plain form).
  if (!isWellFormedResetToken(body.token)) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { token: 'auth.resetTokenInvalid' } });
  }
  const context = await app.betterAuth.$context;
  // Whose token it is, read before Better Auth consumes it (the row's value is the user id).
  const pending = await context.internalAdapter.findVerificationValue(`reset-password:${body.token}`);
  try {
    await app.betterAuth.api.resetPassword({ body: { token: body.token, newPassword: body.newPassword } });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    throw new AppError('VALIDATION_FAILED', {}, { fields: { token: 'auth.resetTokenInvalid' } });
  }
  if (!pending) return;
  const userId = pending.value;
  // The hash now stored must be this password's: a change that raced the reset is not the mailbox's.
  const [credential] = await app.db
    .select({ hash: account.password, email: user.email })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .limit(1);
  const isThisPassword =
    credential?.hash != null && (await context.password.verify({ hash: credential.hash, password: body.newPassword }));
  const recorded =
    isThisPassword &&
    (await recordMailboxPassword(app.db, {
      userId,
      hash: credential.hash!,
      isListedAdmin: isListedAdminAddress(credential.email, await getAdminEmails(app.db, app.config.adminEmails)),
    }));
  if (!recorded)
    request.log.warn(
      { userId },
      'a password reset raced another password change: not recorded as set through the mailbox',
    );
}

/** Changes the password of the signed-in user; other devices are signed out, this one stays. */
export async function changePassword({ app, request, reply }: AuthDeps, body: ChangePasswordRequest): Promise<void> {
  const auth = request.auth;
  if (!auth) throw new AppError('UNAUTHENTICATED');
  assertPasswordNotCommon(body.newPassword, 'newPassword');
  // The current password is a secret a borrowed session could guess: limited like a sign-in.
  const guesses: RateLimitCheck = [RATE_LIMITS.passwordChangeAccount, auth.user.id];
  await app.rateLimits.consume(guesses);
  try {
    const result = await app.betterAuth.api.changePassword({
      body: { currentPassword: body.currentPassword, newPassword: body.newPassword, revokeOtherSessions: true },
      headers: toFetchHeaders(request),
      returnHeaders: true,
    });
    // The new session carries on under the stamp of the one that made the change.
    const token = sessionTokenSetBy(result.headers);
    if (token) await stampSession(app.db, token, auth.sessionMailboxPasswordSetAt);
    forwardSetCookies(reply, result.headers);
  } catch (error) {
    if (!isAPIError(error)) throw error;
    throw new AppError('VALIDATION_FAILED', {}, { fields: { currentPassword: 'auth.currentPasswordWrong' } });
  }
  // A reset link mailed before the change must not undo it; a reset that landed during it is void.
  await Promise.all([
    revokeResetTokens(app.db, auth.user.id),
    app.rateLimits.reset(guesses),
    voidStaleMailboxPassword(app.db, auth.user.id, auth.sessionMailboxPasswordSetAt),
  ]);
}
