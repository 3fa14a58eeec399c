import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { user } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext, cookiesFromSetCookie, toFetchHeaders } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../audit/audit.service';
import { RATE_LIMITS } from '../../plugins/rate-limit';

/*
 * E-mail verification through Better Auth (its signed, expiring JWT tokens and
 * `user.emailVerified`), behind our own routes. The mail goes through the
 * outbox in the recipient's language (auth-plugin's sendVerifyEmail); the link
 * opens our /verify-email page, which posts the token here.
 */

/** E-mails the verification link to the account a sign-up's Set-Cookie answer just signed in. */
export async function sendVerificationMail(app: FastifyInstance, setCookieHeaders: Headers): Promise<void> {
  const headers = cookiesFromSetCookie(setCookieHeaders);
  const session = await app.betterAuth.api.getSession({ headers });
  if (!session || session.user.emailVerified) return;
  await app.betterAuth.api.sendVerificationEmail({ body: { email: session.user.email }, headers });
}

/** The resend button: a new link for the signed-in account, a few per hour. */
export async function resendVerificationMail(
  { app, request }: { app: FastifyInstance; request: FastifyRequest },
  auth: AuthContext,
): Promise<void> {
  if (auth.user.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED');
  await app.rateLimits.consume([RATE_LIMITS.verifyMailAccount, auth.user.id]);
  await app.betterAuth.api.sendVerificationEmail({
    body: { email: auth.user.email },
    headers: toFetchHeaders(request),
  });
}

/** Who a token claims to be about, read before Better Auth checks its signature (only used once it has). */
function claimedAccount(token: string): { userId: string | null; email: string | null } {
  try {
    const payload = decodeJwt(token);
    return {
      userId: typeof payload.userId === 'string' ? payload.userId : null,
      email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
    };
  } catch {
    throw new AppError('EMAIL_VERIFICATION_INVALID');
  }
}

/**
 * Confirms the address of the link's account. Works once: a link whose address
 * is already verified changes nothing and says so (EMAIL_ALREADY_VERIFIED); a
 * forged, altered or expired token is refused (EMAIL_VERIFICATION_INVALID).
 * The link proves the mailbox, not whoever holds a session: every session of the
 * account ends and two-factor enrolled before is dropped (Better Auth's
 * verification hooks, plugins/auth/mailbox-password.ts), so the owner signs in again.
 */
export async function verifyEmail({ app }: { app: FastifyInstance }, token: string): Promise<void> {
  const claimed = claimedAccount(token);
  const [before] = await app.db
    .select()
    .from(user)
    .where(claimed.userId ? eq(user.id, claimed.userId) : eq(user.email, claimed.email ?? ''))
    .limit(1);
  try {
    await app.betterAuth.api.verifyEmail({ query: { token } });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    throw new AppError('EMAIL_VERIFICATION_INVALID');
  }
  // Better Auth accepted the signature, so the claim names a real account.
  if (!before) throw new AppError('EMAIL_VERIFICATION_INVALID');
  if (before.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED');
  await app.db.transaction((tx) =>
    writeAudit(tx, {
      actorId: before.id,
      action: 'account.email_verified',
      entityType: 'user',
      entityId: before.id,
      data: { email: before.email, sessionsEnded: true, twoFactorDropped: before.twoFactorEnabled },
    }),
  );
}
