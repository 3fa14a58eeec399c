import { demoUserId } from '../seed/demo-accounts';
import { type AuthContext } from '../plugins/auth/auth-plugin';
import { type RouteAccess } from '../plugins/route-access';

/** The demo accounts that stand for each kind of caller (null: no session). */
export type Caller = 'visitor' | 'kycPending' | 'buyer' | 'seller' | 'logistics' | 'inspector' | 'admin';
export const CALLERS: Record<Caller, string | null> = {
  visitor: null,
  kycPending: 'pendiente@tradeops.demo',
  buyer: 'comprador@tradeops.demo',
  seller: 'vendedor@tradeops.demo',
  logistics: 'logistica@tradeops.demo',
  inspector: 'inspector@tradeops.demo',
  admin: 'admin@tradeops.demo',
};

/** Who each access level lets through (spec §6; admins skip the KYC and role checks). */
export const ALLOWED: Record<RouteAccess, Caller[]> = {
  public: ['visitor', 'kycPending', 'buyer', 'seller', 'logistics', 'inspector', 'admin'],
  authenticated: ['kycPending', 'buyer', 'seller', 'logistics', 'inspector', 'admin'],
  kyc: ['buyer', 'seller', 'logistics', 'inspector', 'admin'],
  buyer: ['buyer', 'admin'],
  seller: ['seller', 'admin'],
  partner: ['logistics', 'inspector', 'admin'],
  admin: ['admin'],
};

/** The demo admin as a service call's caller, for tests that call a service without a request. */
export const DEMO_ADMIN: Pick<AuthContext, 'user'> = {
  user: {
    id: demoUserId('admin'),
    email: CALLERS.admin!,
    name: 'Admin',
    emailVerified: true,
    twoFactorEnabled: false,
    passwordSetViaMailboxAt: null,
  },
};
