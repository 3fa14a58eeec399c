import { type RouteAccess } from '../plugins/route-access';

/** The demo accounts that stand for each kind of caller (null: no session). */
export type Caller = 'visitor' | 'kycPending' | 'buyer' | 'seller' | 'admin';
export const CALLERS: Record<Caller, string | null> = {
  visitor: null,
  kycPending: 'pendiente@tradeops.demo',
  buyer: 'comprador@tradeops.demo',
  seller: 'vendedor@tradeops.demo',
  admin: 'admin@tradeops.demo',
};

/** Who each access level lets through (spec §6; admins skip the KYC and role checks). */
export const ALLOWED: Record<RouteAccess, Caller[]> = {
  public: ['visitor', 'kycPending', 'buyer', 'seller', 'admin'],
  authenticated: ['kycPending', 'buyer', 'seller', 'admin'],
  kyc: ['buyer', 'seller', 'admin'],
  buyer: ['buyer', 'admin'],
  seller: ['seller', 'admin'],
  admin: ['admin'],
};
