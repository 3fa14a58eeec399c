import {
  type ChangePasswordRequest,
  type ResetPasswordRequest,
  type SessionUser,
  type SignInRequest,
  type SignUpRequest,
  type UserMode,
  roleForMode,
} from '@tradeops/shared';
import { isAPIError } from 'better-auth/api';
import { desc, eq } from 'drizzle-orm';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import commonPasswords from 'fxa-common-password-list';
import { type AppDatabase } from '../../db/client';
import { emailOutbox, onboardingStatus, profiles, user } from '../../db/schema';
import { AppError } from '../../errors';
import {
  type AuthContext,
  type Profile,
  forwardSetCookies,
  isAdminAccount,
  loadProfile,
  toFetchHeaders,
} from '../../plugins/auth/auth-plugin';
import { RATE_LIMITS, type RateLimitRule, assertNotRateLimited, clearAttempts, recordAttempt } from './rate-limit';
import { getAdminEmails } from '../settings/admin-settings.service';

function betterAuthCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/** A password on the common-password list (Firefox Accounts' top list) is refused with a translated reason. */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { [field]: 'auth.passwordCommon' } });
  }
}

export function toSessionUser(email: string, profile: Profile, isAdmin: boolean): SessionUser {
  return {
    id: profile.id,
    email,
    fullName: profile.fullName,
    role: profile.role ?? null,
    isAdmin,
    isStaff: profile.isStaff,
    kycStatus: profile.kycStatus,
    kycRejectReason: profile.kycMotivoRechazo ?? null,
    language: profile.language,
  };
}

export function getSessionUser(auth: AuthContext | null): SessionUser | null {
  return auth ? toSessionUser(auth.user.email, auth.profile, auth.isAdmin) : null;
}

interface AuthDeps {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Creates the Better Auth user, then its profile (kyc pendiente) and
 * onboarding row at step 1; the new session cookie goes back with the answer.
 */
export async function signUp({ app, request, reply }: AuthDeps, body: SignUpRequest): Promise<SessionUser> {
  assertPasswordNotCommon(body.password);
  const email = body.email.toLowerCase();
  let result;
  try {
    result = await app.betterAuth.api.signUpEmail({
      body: { name: body.fullName, email, password: body.password },
      headers: toFetchHeaders(request),
      returnHeaders: true,
    });
  } catch (error) {
    const code = betterAuthCode(error);
    if (code?.startsWith('USER_ALREADY_EXISTS')) throw new AppError('EMAIL_TAKEN');
    if (code === 'PASSWORD_TOO_SHORT')
      throw new AppError('VALIDATION_FAILED', {}, { fields: { password: 'validation.passwordMin' } });
    // Two sign-ups with one e-mail at once: the unique index decides, the loser hears the same answer.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  const userId = result.response.user.id;
  try {
    await app.db.transaction(async (tx) => {
      await tx.insert(profiles).values({
        id: userId,
        fullName: body.fullName,
        companyName: body.companyName,
        companyType: body.companyType,
        country: body.country,
        taxId: body.taxId ? body.taxId : null,
        kycStatus: 'pendiente',
        language: request.lang,
      });
      await tx.insert(onboardingStatus).values({ userId, currentStep: 1, status: 'in_progress' });
    });
  } catch (error) {
    // No half-made accounts: without its profile the user could never use the product.
    await app.db.delete(user).where(eq(user.id, userId));
    throw error;
  }
  forwardSetCookies(reply, result.headers);
  const profile = await loadProfile(app.db, userId);
  if (!profile) throw new AppError('INTERNAL_ERROR');
  return toSessionUser(
    email,
    profile,
    isAdminAccount(email, profile, await getAdminEmails(app.db, app.config.adminEmails)),
  );
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Password sign-in, rate-limited by failed attempts per account and per IP
 * (counted in the database). Answers the signed-in user; the cookie is set.
 */
export async function signIn({ app, request, reply }: AuthDeps, body: SignInRequest): Promise<SessionUser> {
  const email = body.email.trim().toLowerCase();
  const accountKey = `sign-in:email:${email}`;
  const ipKey = `sign-in:ip:${request.ip}`;
  await assertNotRateLimited(app.db, [
    [accountKey, RATE_LIMITS.signInAccount],
    [ipKey, RATE_LIMITS.signInIp],
  ]);
  let result;
  try {
    result = await app.betterAuth.api.signInEmail({
      body: { email, password: body.password },
      headers: toFetchHeaders(request),
      returnHeaders: true,
    });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    await recordAttempt(app.db, accountKey, RATE_LIMITS.signInAccount);
    await recordAttempt(app.db, ipKey, RATE_LIMITS.signInIp);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await clearAttempts(app.db, accountKey);
  const profile = await loadProfile(app.db, result.response.user.id);
  if (!profile) {
    await revokeSessionByHeaders(app, result.headers);
    throw new AppError('INVALID_CREDENTIALS');
  }
  forwardSetCookies(reply, result.headers);
  const userEmail = result.response.user.email;
  return toSessionUser(
    userEmail,
    profile,
    isAdminAccount(userEmail, profile, await getAdminEmails(app.db, app.config.adminEmails)),
  );
}

/** Signs out the session a Set-Cookie answer just created (the admin door refusing a non-admin). */
async function revokeSessionByHeaders(app: FastifyInstance, setCookieHeaders: Headers): Promise<void> {
  const cookie = setCookieHeaders
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  await app.betterAuth.api.signOut({ headers: new Headers({ cookie }) }).catch(() => undefined);
}

/** The back-office door: same credentials check, but a non-admin is signed out again at once. */
export async function signInAdmin(deps: AuthDeps, body: SignInRequest): Promise<SessionUser> {
  const { app, reply } = deps;
  const sessionUser = await signIn(deps, body);
  if (sessionUser.isAdmin) return sessionUser;
  const setCookies = reply.getHeader('set-cookie');
  const lines = Array.isArray(setCookies) ? setCookies.map(String) : setCookies ? [String(setCookies)] : [];
  const headers = new Headers();
  for (const line of lines) headers.append('set-cookie', line);
  await revokeSessionByHeaders(app, headers);
  reply.removeHeader('set-cookie');
  throw new AppError('FORBIDDEN');
}

/** Revokes this session (tolerant: a visitor or a dead session signs out fine) and clears the cookie. */
export async function signOut({ app, request, reply }: AuthDeps): Promise<void> {
  try {
    const result = await app.betterAuth.api.signOut({ headers: toFetchHeaders(request), returnHeaders: true });
    forwardSetCookies(reply, result.headers);
  } catch (error) {
    if (!isAPIError(error)) throw error;
  }
}

/** "Sign out of all devices": every session of the user, this one included. */
export async function revokeAllSessions({ app, request, reply }: AuthDeps): Promise<void> {
  await app.betterAuth.api.revokeSessions({ headers: toFetchHeaders(request) });
  await signOut({ app, request, reply });
}

/** The mode chosen at /mode-select becomes the profile's role (source = buyer, supply = seller). */
export async function selectMode(db: AppDatabase, auth: AuthContext, mode: UserMode): Promise<SessionUser> {
  const [profile] = await db
    .update(profiles)
    .set({ role: roleForMode(mode), updatedAt: new Date() })
    .where(eq(profiles.id, auth.user.id))
    .returning();
  if (!profile) throw new AppError('NOT_FOUND');
  return toSessionUser(auth.user.email, profile, auth.isAdmin);
}

/** Queues a reset e-mail when the account exists; answers the same either way (no account discovery). */
export async function requestPasswordReset({ app, request }: AuthDeps, rawEmail: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const checks: [string, RateLimitRule][] = [
    [`reset:email:${email}`, RATE_LIMITS.resetAccount],
    [`reset:ip:${request.ip}`, RATE_LIMITS.resetIp],
  ];
  await assertNotRateLimited(app.db, checks);
  for (const [key, rule] of checks) await recordAttempt(app.db, key, rule);
  const origin = `${request.protocol}://${request.host}`;
  await app.betterAuth.api.requestPasswordReset({
    body: { email, redirectTo: `${origin}/reset-password` },
    headers: toFetchHeaders(request),
  });
}

/** Sets a new password from an e-mailed token; every session of the account is revoked. */
export async function resetPassword({ app }: AuthDeps, body: ResetPasswordRequest): Promise<void> {
  assertPasswordNotCommon(body.newPassword, 'newPassword');
  try {
    await app.betterAuth.api.resetPassword({ body: { token: body.token, newPassword: body.newPassword } });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    throw new AppError('VALIDATION_FAILED', {}, { fields: { token: 'auth.resetTokenInvalid' } });
  }
}

/** Changes the password of the signed-in user; other devices are signed out, this one stays. */
export async function changePassword({ app, request, reply }: AuthDeps, body: ChangePasswordRequest): Promise<void> {
  assertPasswordNotCommon(body.newPassword, 'newPassword');
  try {
    const result = await app.betterAuth.api.changePassword({
      body: { currentPassword: body.currentPassword, newPassword: body.newPassword, revokeOtherSessions: true },
      headers: toFetchHeaders(request),
      returnHeaders: true,
    });
    forwardSetCookies(reply, result.headers);
  } catch (error) {
    if (!isAPIError(error)) throw error;
    throw new AppError('VALIDATION_FAILED', {}, { fields: { currentPassword: 'auth.currentPasswordWrong' } });
  }
}

/** The newest mails of the outbox, for admins (the reset links when no SMTP is configured). */
export async function listOutbox(db: AppDatabase) {
  const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(100);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  }));
}
