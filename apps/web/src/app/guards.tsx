import { ADMIN_DOOR_PATH, canPassKycGate } from '@tradeops/shared';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { type SessionUser, useSession } from '../lib/session';
import { loginPathTo } from '../lib/login-path';

/*
 * Route guards mirror the server's rules for navigation (the API enforces them
 * on every call). Each renders its children, or an <Outlet /> when used as a
 * layout route in the route table, once the session is known.
 */

/** `/login?redirectTo=<this page>`, so signing in brings the user back. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const here = `${location.pathname}${location.search}${location.hash}`;
  return loginPathTo(here);
}

function SessionCheck() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-1 items-center justify-center py-24 text-sm text-slate-500">
      {t('guards.checking')}
    </div>
  );
}

/** Where a user who may not pass the KYC gate goes (spec §6). */
export function kycRedirectFor(user: SessionUser): string | null {
  if (canPassKycGate(user)) return null;
  return user.kycStatus === 'rejected' ? '/kyc-cuenta/reintentar' : '/kyc-cuenta';
}

type Rule = (user: SessionUser) => string | null;

function Guard({ rule, children }: { rule?: Rule; children?: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <SessionCheck />;
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  const redirect = rule?.(user) ?? null;
  if (redirect) return <Navigate to={redirect} replace />;
  return children ?? <Outlet />;
}

/** Signed in. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  return <Guard>{children}</Guard>;
}

/** Signed in and past the KYC gate (approved, staff or admin). */
export function RequireKyc({ children }: { children?: ReactNode }) {
  return <Guard rule={kycRedirectFor}>{children}</Guard>;
}

/** KYC gate, then role seller (admins pass); others choose a mode first. */
export function RequireSeller({ children }: { children?: ReactNode }) {
  return (
    <Guard rule={(user) => kycRedirectFor(user) ?? (user.isAdmin || user.role === 'seller' ? null : '/mode-select')}>
      {children}
    </Guard>
  );
}

/** Logistics partners and inspectors (past the KYC gate); admins pass. Anyone else goes home. */
export function RequirePartner({ children }: { children?: ReactNode }) {
  return (
    <Guard
      rule={(user) =>
        kycRedirectFor(user) ?? (user.isAdmin || user.role === 'logistics' || user.role === 'inspector' ? null : '/')
      }
    >
      {children}
    </Guard>
  );
}

/** Admins only (one who must enrol in two-factor sign-in first goes to the admin door); anyone else goes home. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  return (
    <Guard rule={(user) => (user.isAdmin ? null : user.twoFactorEnrolmentRequired ? ADMIN_DOOR_PATH : '/')}>
      {children}
    </Guard>
  );
}
