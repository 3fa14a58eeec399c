import { type KycStatus, type UserMode, type UserRole } from './constants';

/** What the landing rules need to know about a signed-in user. */
export interface LandingUser {
  role: UserRole | null;
  isAdmin: boolean;
  isStaff: boolean;
  kycStatus: KycStatus;
  /** An admin who must enrol in two-factor sign-in first (production). */
  twoFactorEnrolmentRequired?: boolean;
}

/** The admin door: sign-in, and the two-factor enrolment an admin goes through first in production. */
export const ADMIN_DOOR_PATH = '/admin_ilumia/login';

/** Whether the KYC gate lets the user through (spec §6: approved, staff and admins). */
export function canPassKycGate(user: LandingUser): boolean {
  return user.isAdmin || user.isStaff || user.kycStatus === 'approved';
}

/** Where a user goes right after signing in (issue 3: by KYC state, then role). */
export function getLandingPath(user: LandingUser): string {
  if (user.isAdmin) return '/admin';
  if (user.twoFactorEnrolmentRequired) return ADMIN_DOOR_PATH;
  if (!user.isStaff && user.kycStatus === 'pending') return '/kyc-cuenta/pendiente';
  if (!user.isStaff && user.kycStatus === 'rejected') return '/kyc-cuenta/reintentar';
  if (user.role === 'seller') return '/seller/dashboard';
  if (user.role === 'buyer') return '/buyer/dashboard';
  if (user.role === 'logistics' || user.role === 'inspector') return '/partner/operations';
  return '/mode-select';
}

export function roleForMode(mode: UserMode): UserRole {
  return mode === 'supply' ? 'seller' : 'buyer';
}

export function modeForRole(role: UserRole): UserMode {
  return role === 'seller' ? 'supply' : 'source';
}

/**
 * A return path after sign-in is only ever a path of this app (never `//evil`
 * or an absolute URL), so the login page cannot be used as an open redirect.
 */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) && !path.startsWith('/login');
}
