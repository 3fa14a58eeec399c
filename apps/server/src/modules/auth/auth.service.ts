import {
  type SessionUser,
  type SignInRequest,
  type SignInResponse,
  type SignUpRequest,
  type UserMode,
  isPartnerRole,
  partnerRoleForCompanyType,
  roleForMode,
} from '@tradeops/shared';
import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import commonPasswords from 'fxa-common-password-list';
import { type AppDatabase } from '../../db/client';
import { onboardingStatus, profiles, user } from '../../db/schema';
import { AppError } from '../../errors';
import { getAdminEmails } from '../../plugins/auth/admin-emails';
import {
  type AuthContext,
  buildAuthContext,
  forwardSetCookies,
  isAdminAwaitingMailboxPassword,
  loadProfile,
  toDateOrNull,
  toFetchHeaders,
} from '../../plugins/auth/auth-plugin';
import { isSameStamp, readMailboxPasswordAt, stampSession } from '../../plugins/auth/mailbox-password';
import { RATE_LIMITS, type RateLimitCheck } from '../../plugins/rate-limit';
import { assertCountryNotEmbargoed } from '../compliance/compliance-gates.service';
import { screenCompany } from '../compliance/screening.service';
import { sendVerificationMail } from './email-verification.service';
import { loadSessionUser, refuseAtAdminDoor, revokeSessionByHeaders, toSessionUser } from './session-user';
import { isTwoFactorChallenge } from './two-factor.service';

function betterAuthCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/** A password on the common-password list (Firefox Accounts' top list) is refused with a translated reason. */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { [field]: 'auth.passwordCommon' } });
  }
}

export interface AuthDeps {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Creates the Better Auth user, then its profile (KYC pending) and
 * onboarding row at step 1, and e-mails the verification link; the new
 * session cookie goes back with the answer.
 */
export async function signUp({ app, request, reply }: AuthDeps, body: SignUpRequest): Promise<SessionUser> {
  assertPasswordNotCommon(body.password);
  await assertCountryNotEmbargoed(app.db, body.country);
  // Every attempt that reaches Better Auth counts, taken or not ("already registered" discloses an account).
  await app.rateLimits.consume([RATE_LIMITS.signUpAddress, request.ip]);
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
        role: partnerRoleForCompanyType(body.companyType),
        country: body.country,
        taxId: body.taxId ? body.taxId : null,
        kycStatus: 'pending',
        language: request.lang,
      });
      await tx.insert(onboardingStatus).values({ userId, currentStep: 1, status: 'in_progress' });
    });
  } catch (error) {
    // No half-made accounts: without its profile the user could never use the product.
    await app.db.delete(user).where(eq(user.id, userId));
    throw error;
  }
  // AML screening of the new company and its signer (a hit opens a case for the back office).
  await screenCompany(app.db, userId, 'signup', { actorId: userId }).catch((error: unknown) => {
    request.log.error({ err: error, userId }, 'the sign-up screening failed (the KYC review screens again)');
  });
  forwardSetCookies(reply, result.headers);
  // The account exists either way: a mail that could not be queued is asked for again with the resend button.
  await sendVerificationMail(app, result.headers).catch((error: unknown) => {
    request.log.warn({ err: error, userId }, 'the verification mail of a sign-up was not queued');
  });
  const sessionUser = await loadSessionUser(app, result.response.user);
  if (!sessionUser) throw new AppError('INTERNAL_ERROR');
  return sessionUser;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Password sign-in. An attempt takes its points before the password is checked (one
 * atomic statement per key), so a burst of parallel guesses is cut at the limit, not
 * after it: per account and address (someone elsewhere cannot lock the owner out)
 * and per address. A success gives its points back and clears that pair's failures,
 * so signing in often never locks anyone out. Answers the signed-in user; the cookie is set.
 * An account with two-factor sign-in gets no session yet: the answer says so
 * and a short-lived challenge cookie waits for the code (two-factor.service).
 */
export async function signIn({ app, request, reply }: AuthDeps, body: SignInRequest): Promise<SignInResponse> {
  const email = body.email.trim().toLowerCase();
  const pair: RateLimitCheck = [RATE_LIMITS.signInAccountAddress, `${request.ip} ${email}`];
  const address: RateLimitCheck = [RATE_LIMITS.signInAddress, request.ip];
  await app.rateLimits.consume(pair, address);
  // Read before Better Auth checks the password: the session is opened under this stamp (mailbox-password.ts).
  const stamp = await readMailboxPasswordAt(app.db, { email });
  let result;
  try {
    result = await app.betterAuth.api.signInEmail({
      body: { email, password: body.password },
      headers: toFetchHeaders(request),
      returnHeaders: true,
    });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    throw new AppError('INVALID_CREDENTIALS');
  }
  await Promise.all([app.rateLimits.reset(pair), app.rateLimits.refund(address)]);
  if (isTwoFactorChallenge(result.response)) {
    forwardSetCookies(reply, result.headers);
    return { user: null, twoFactorRequired: true };
  }
  // A reset through the mailbox landed while the password was checked: this sign-in proves nothing.
  const sessionUser = isSameStamp(stamp, toDateOrNull(result.response.user.passwordSetViaMailboxAt))
    ? await loadSessionUser(app, result.response.user)
    : null;
  if (!sessionUser) {
    await revokeSessionByHeaders(app, result.headers);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await stampSession(app.db, result.response.token, stamp);
  forwardSetCookies(reply, result.headers);
  return { user: sessionUser, twoFactorRequired: false };
}

/**
 * The back-office door: same credentials check, but a non-admin is signed out
 * again at once. An admin with two-factor sign-in is asked for the code next;
 * one who must enrol first (production) keeps the session to do so.
 */
export async function signInAdmin(deps: AuthDeps, body: SignInRequest): Promise<SignInResponse> {
  const { app, reply } = deps;
  const answer = await signIn(deps, body);
  if (answer.user?.isAdmin || answer.user?.twoFactorEnrolmentRequired) return answer;
  const standing = await adminDoorStanding(app, body.email);
  // A listed address whose password is still the sign-up's: its holder is told to set one through the mailbox.
  const refusal = standing === 'awaiting_mailbox_password' ? 'ADMIN_PASSWORD_RESET_REQUIRED' : 'FORBIDDEN';
  if (answer.twoFactorRequired) {
    if (standing === 'admin') return answer;
    reply.removeHeader('set-cookie');
    throw new AppError(refusal);
  }
  return refuseAtAdminDoor(deps, refusal);
}

/** What the account of this e-mail is at the admin door (before its second factor is checked). */
async function adminDoorStanding(
  app: FastifyInstance,
  rawEmail: string,
): Promise<'admin' | 'awaiting_mailbox_password' | 'none'> {
  const [account] = await app.db.select().from(user).where(eq(user.email, rawEmail.trim().toLowerCase())).limit(1);
  if (!account) return 'none';
  const profile = await loadProfile(app.db, account.id);
  if (!profile) return 'none';
  const context = await buildAuthContext(app.db, app.config, account, profile);
  if (context.isAdmin || context.twoFactorEnrolmentRequired) return 'admin';
  const adminEmails = await getAdminEmails(app.db, app.config.adminEmails);
  return isAdminAwaitingMailboxPassword(context.user, profile, adminEmails) ? 'awaiting_mailbox_password' : 'none';
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
  // A logistics partner or inspector works in its own area: it has no buyer or seller mode.
  if (isPartnerRole(auth.profile.role)) throw new AppError('FORBIDDEN');
  const [profile] = await db
    .update(profiles)
    .set({ role: roleForMode(mode), updatedAt: new Date() })
    .where(eq(profiles.id, auth.user.id))
    .returning();
  if (!profile) throw new AppError('NOT_FOUND');
  return toSessionUser({ ...auth, profile });
}
