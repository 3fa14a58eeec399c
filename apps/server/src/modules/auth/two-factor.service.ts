import {
  type EnableTwoFactorResponse,
  type SessionUser,
  type VerifyTwoFactorRequest,
  isAuthenticatorCode,
} from '@tradeops/shared';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { user } from '../../db/schema';
import { AppError } from '../../errors';
import {
  type AuthContext,
  type BetterAuthUser,
  forwardSetCookies,
  sessionTokenSetBy,
  toDateOrNull,
  toFetchHeaders,
} from '../../plugins/auth/auth-plugin';
import {
  dropStaleTwoFactor,
  isSameStamp,
  readMailboxPasswordAt,
  stampSession,
} from '../../plugins/auth/mailbox-password';
import { SESSION_COOKIE_PREFIX, TWO_FACTOR_LOCKOUT } from '../../plugins/auth/better-auth';
import { writeAudit } from '../audit/audit.service';
import { RATE_LIMITS, type RateLimitCheck } from '../../plugins/rate-limit';
import { loadSessionUser, refuseAtAdminDoor, revokeSessionByHeaders } from './session-user';

/*
 * Two-factor sign-in (TOTP with recovery codes) through Better Auth's
 * two-factor plugin, behind our own routes: enrolment in settings (or at the
 * admin door), the second step of a sign-in, and turning it off. Code guesses
 * are limited three ways: Better Auth allows 5 per sign-in challenge and locks
 * an account's codes after 10 wrong ones in a row; we count every guess per IP
 * and per account (the sign-in's second step included), taking the point before
 * the code is checked.
 */

interface Deps {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Whether a Better Auth sign-in answer is a two-factor challenge instead of a session. */
export function isTwoFactorChallenge(response: unknown): boolean {
  return (
    typeof response === 'object' &&
    response !== null &&
    (response as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

function betterAuthCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

const WRONG_PASSWORD = new AppError('VALIDATION_FAILED', {}, { fields: { password: 'auth.currentPasswordWrong' } });

/** Code and password guesses on the two-factor routes, per signed-in account and per address. */
function accountChecks(auth: AuthContext, request: FastifyRequest): [RateLimitCheck, RateLimitCheck] {
  return [
    [RATE_LIMITS.twoFactorAccount, auth.user.id],
    [RATE_LIMITS.twoFactorAddress, request.ip],
  ];
}

/** A guess that was right does not count against the caller. */
async function forgiveChecks(app: FastifyInstance, [account, address]: [RateLimitCheck, RateLimitCheck]) {
  await Promise.all([app.rateLimits.reset(account), app.rateLimits.refund(address)]);
}

/** Better Auth replaced the caller's session: the new one carries on under the old one's stamp. */
async function carryStampToNewSession(app: FastifyInstance, auth: AuthContext, setCookieHeaders: Headers) {
  const token = sessionTokenSetBy(setCookieHeaders);
  if (token) await stampSession(app.db, token, auth.sessionMailboxPasswordSetAt);
}

async function audit(app: FastifyInstance, userId: string, action: string): Promise<void> {
  await app.db.transaction((tx) => writeAudit(tx, { actorId: userId, action, entityType: 'user', entityId: userId }));
}

/** A fresh session user after Better Auth changed the account (the cached context is from before). */
async function reloadSessionUser(app: FastifyInstance, userId: string): Promise<SessionUser> {
  const [account] = await app.db.select().from(user).where(eq(user.id, userId)).limit(1);
  const sessionUser = account ? await loadSessionUser(app, account) : null;
  if (!sessionUser) throw new AppError('NOT_FOUND');
  return sessionUser;
}

/**
 * Starts an enrolment: checks the password and answers the authenticator
 * secret (as an otpauth:// URI for the QR code and as base32 text) and the
 * recovery codes. Nothing changes at sign-in until the enrolment is confirmed.
 */
export async function enableTwoFactor(
  { app, request }: Deps,
  auth: AuthContext,
  password: string,
): Promise<EnableTwoFactorResponse> {
  if (auth.user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  const checks = accountChecks(auth, request);
  await app.rateLimits.consume(...checks);
  let result;
  try {
    result = await app.betterAuth.api.enableTwoFactor({
      body: { password, method: 'totp' },
      headers: toFetchHeaders(request),
    });
  } catch (error) {
    const code = betterAuthCode(error);
    if (code === 'INVALID_PASSWORD') throw WRONG_PASSWORD;
    if (code === 'TOTP_ALREADY_ENABLED') throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    throw error;
  }
  await forgiveChecks(app, checks);
  if (!('totpURI' in result) || !result.totpURI) throw new AppError('INTERNAL_ERROR');
  const secret = new URL(result.totpURI).searchParams.get('secret');
  if (!secret) throw new AppError('INTERNAL_ERROR');
  return { totpUri: result.totpURI, secret, recoveryCodes: result.backupCodes ?? [] };
}

/**
 * Confirms the enrolment with a code from the authenticator app: from now on
 * sign-in asks for a code. Better Auth replaces this session (new cookie).
 */
export async function confirmTwoFactor({ app, request, reply }: Deps, auth: AuthContext, code: string) {
  if (auth.user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  const checks = accountChecks(auth, request);
  await app.rateLimits.consume(...checks);
  try {
    const result = await app.betterAuth.api.verifyTOTP({
      body: { code },
      headers: toFetchHeaders(request),
      returnHeaders: true,
    });
    await carryStampToNewSession(app, auth, result.headers);
    forwardSetCookies(reply, result.headers);
  } catch (error) {
    const failure = betterAuthCode(error);
    if (failure === 'TOTP_NOT_ENABLED') throw new AppError('TWO_FACTOR_NOT_PENDING');
    if (failure === 'INVALID_CODE') throw new AppError('TWO_FACTOR_CODE_INVALID');
    throw error;
  }
  // Enrolled from a session opened before a reset that landed meanwhile: undone, like that session.
  await dropStaleTwoFactor(app.db, auth.user.id, auth.sessionMailboxPasswordSetAt);
  await forgiveChecks(app, checks);
  await audit(app, auth.user.id, 'account.two_factor_enabled');
  return reloadSessionUser(app, auth.user.id);
}

/** Turns two-factor sign-in off (password required); Better Auth replaces this session. */
export async function disableTwoFactor({ app, request, reply }: Deps, auth: AuthContext, password: string) {
  const checks = accountChecks(auth, request);
  await app.rateLimits.consume(...checks);
  try {
    const result = await app.betterAuth.api.disableTwoFactor({
      body: { password },
      headers: toFetchHeaders(request),
      returnHeaders: true,
    });
    await carryStampToNewSession(app, auth, result.headers);
    forwardSetCookies(reply, result.headers);
  } catch (error) {
    if (betterAuthCode(error) === 'INVALID_PASSWORD') throw WRONG_PASSWORD;
    throw error;
  }
  await forgiveChecks(app, checks);
  await audit(app, auth.user.id, 'account.two_factor_disabled');
  return reloadSessionUser(app, auth.user.id);
}

const SESSION_COOKIE_NAME = new RegExp(`^(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token$`);

/**
 * The request's headers without its session cookie: the second step of a
 * sign-in must be judged on the challenge cookie alone (with a session, Better
 * Auth would check the code against that session's account instead).
 */
function challengeHeaders(request: FastifyRequest): Headers {
  const headers = toFetchHeaders(request);
  const cookie = headers.get('cookie');
  if (cookie) {
    const kept = cookie
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !SESSION_COOKIE_NAME.test(part.split('=')[0] ?? ''));
    headers.set('cookie', kept.join('; '));
  }
  return headers;
}

/** The cookie Better Auth's two-factor plugin names a sign-in's pending challenge with. */
const TWO_FACTOR_CHALLENGE_COOKIE = 'two_factor';

/**
 * The account a sign-in's pending challenge is for: the challenge cookie, signed by Better Auth
 * (HMAC-SHA256 with its secret), names a verification row whose value is the user id. Null when
 * the request carries no valid, live challenge (Better Auth then refuses the code anyway).
 */
async function challengeAccountId(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const context = await app.betterAuth.$context;
  const name = context.createAuthCookie(TWO_FACTOR_CHALLENGE_COOKIE).name;
  const raw = cookieValue(request.headers.cookie ?? '', name);
  const dot = raw?.lastIndexOf('.') ?? -1;
  if (!raw || dot < 1) return null;
  const identifier = raw.slice(0, dot);
  const signature = Buffer.from(raw.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', context.secret).update(identifier).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const challenge = await context.internalAdapter.findVerificationValue(identifier);
  return challenge && challenge.expiresAt > new Date() ? challenge.value : null;
}

/** One cookie's value from a Cookie header, URI-decoded (Better Auth encodes signed values). */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The second step of a sign-in: an authenticator code or a recovery code
 * (each recovery code works once) against the challenge cookie the password
 * step set. Answers the signed-in user; at the admin door a non-admin is
 * signed out again and refused.
 */
export async function verifyTwoFactorSignIn(
  { app, request, reply }: Deps,
  body: { code: string; door: NonNullable<VerifyTwoFactorRequest['door']> },
): Promise<SessionUser> {
  const address: RateLimitCheck = [RATE_LIMITS.twoFactorAddress, request.ip];
  // The account's point is taken before the code is checked, in the same atomic way as the
  // address's: parallel guesses on many challenges cannot all be checked (Better Auth's own
  // lock-out reads its count first and so lets a burst through).
  const accountId = await challengeAccountId(app, request);
  const account: RateLimitCheck | null = accountId ? [RATE_LIMITS.twoFactorAccount, accountId] : null;
  await app.rateLimits.consume(address, ...(account ? [account] : []));
  // Read before the code is checked: the session is opened under this stamp (mailbox-password.ts).
  const stamp = accountId ? await readMailboxPasswordAt(app.db, { userId: accountId }) : null;
  const headers = challengeHeaders(request);
  let result;
  try {
    result = isAuthenticatorCode(body.code)
      ? await app.betterAuth.api.verifyTOTP({ body: { code: body.code }, headers, returnHeaders: true })
      : await app.betterAuth.api.verifyBackupCode({ body: { code: body.code }, headers, returnHeaders: true });
  } catch (error) {
    const failure = betterAuthCode(error);
    if (failure === 'INVALID_CODE' || failure === 'INVALID_BACKUP_CODE') throw new AppError('TWO_FACTOR_CODE_INVALID');
    if (failure === 'ACCOUNT_TEMPORARILY_LOCKED') {
      throw new AppError('RATE_LIMITED', { seconds: TWO_FACTOR_LOCKOUT.durationSeconds });
    }
    if (isAPIError(error)) {
      // No challenge, an expired one, or one used up by wrong codes: start again with the password.
      throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
    }
    throw error;
  }
  // The right code gives its own points back; earlier wrong guesses keep counting for their window.
  await app.rateLimits.refund(address, ...(account ? [account] : []));
  const signedIn: BetterAuthUser = result.response.user;
  if (!isSameStamp(stamp, toDateOrNull(signedIn.passwordSetViaMailboxAt))) {
    // A reset through the mailbox landed meanwhile: the password step behind this challenge proves nothing.
    await revokeSessionByHeaders(app, result.headers);
    throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
  }
  const sessionUser = await loadSessionUser(app, signedIn);
  if (!sessionUser) {
    await revokeSessionByHeaders(app, result.headers);
    throw new AppError('INVALID_CREDENTIALS');
  }
  const token = sessionTokenSetBy(result.headers);
  if (token) await stampSession(app.db, token, stamp);
  forwardSetCookies(reply, result.headers);
  if (body.door === 'admin' && !sessionUser.isAdmin) await refuseAtAdminDoor({ app, reply });
  return sessionUser;
}
