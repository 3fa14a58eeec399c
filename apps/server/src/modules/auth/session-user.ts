import { type SessionUser } from '@tradeops/shared';
import { type FastifyInstance, type FastifyReply } from 'fastify';
import { AppError } from '../../errors';
import {
  type AuthContext,
  type BetterAuthUser,
  buildAuthContext,
  cookiesFromSetCookie,
  loadProfile,
} from '../../plugins/auth/auth-plugin';

/** The signed-in user as the web app sees it (GET /api/session and every sign-in answer). */
export function toSessionUser(auth: Omit<AuthContext, 'sessionId' | 'sessionMailboxPasswordSetAt'>): SessionUser {
  const { user: account, profile } = auth;
  return {
    id: profile.id,
    email: account.email,
    fullName: profile.fullName,
    role: profile.role ?? null,
    isAdmin: auth.isAdmin,
    isStaff: profile.isStaff,
    kycStatus: profile.kycStatus,
    kycRejectReason: profile.kycRejectionReason ?? null,
    language: profile.language,
    emailVerified: account.emailVerified,
    twoFactorEnabled: account.twoFactorEnabled,
    twoFactorEnrolmentRequired: auth.twoFactorEnrolmentRequired,
  };
}

export function getSessionUser(auth: AuthContext | null): SessionUser | null {
  return auth ? toSessionUser(auth) : null;
}

/** The signed-in user a Better Auth answer names, with our profile and admin rights; null without a profile. */
export async function loadSessionUser(app: FastifyInstance, account: BetterAuthUser): Promise<SessionUser | null> {
  const profile = await loadProfile(app.db, account.id);
  return profile ? toSessionUser(await buildAuthContext(app.db, app.config, account, profile)) : null;
}

/** Signs out the session a Set-Cookie answer just created (the admin door refusing a non-admin). */
export async function revokeSessionByHeaders(app: FastifyInstance, setCookieHeaders: Headers): Promise<void> {
  await app.betterAuth.api.signOut({ headers: cookiesFromSetCookie(setCookieHeaders) }).catch(() => undefined);
}

/**
 * Signs out the session this answer is about to set and refuses: 'Acceso no autorizado', or why
 * not yet (ADMIN_PASSWORD_RESET_REQUIRED).
 */
export async function refuseAtAdminDoor(
  { app, reply }: { app: FastifyInstance; reply: FastifyReply },
  code: 'FORBIDDEN' | 'ADMIN_PASSWORD_RESET_REQUIRED' = 'FORBIDDEN',
): Promise<never> {
  const setCookies = reply.getHeader('set-cookie');
  const lines = Array.isArray(setCookies) ? setCookies.map(String) : setCookies ? [String(setCookies)] : [];
  const headers = new Headers();
  for (const line of lines) headers.append('set-cookie', line);
  await revokeSessionByHeaders(app, headers);
  reply.removeHeader('set-cookie');
  throw new AppError(code);
}
