import { describe, expect, it } from 'vitest';
import { type LandingUser, canPassKycGate, getLandingPath, isSafeReturnPath } from './landing';

const approvedBuyer: LandingUser = { role: 'buyer', isAdmin: false, isStaff: false, kycStatus: 'approved' };

describe('where a user lands after sign-in', () => {
  it.each<[string, Partial<LandingUser>, string]>([
    ['KYC pending', { kycStatus: 'pending' }, '/kyc-cuenta/pendiente'],
    ['KYC rejected', { kycStatus: 'rejected' }, '/kyc-cuenta/reintentar'],
    ['no role yet', { role: null }, '/mode-select'],
    ['buyer', {}, '/buyer/dashboard'],
    ['seller', { role: 'seller' }, '/seller/dashboard'],
    ['admin (even KYC pending)', { isAdmin: true, kycStatus: 'pending' }, '/admin'],
    ['admin who must enrol in two-factor sign-in', { twoFactorEnrolmentRequired: true }, '/admin_ilumia/login'],
    ['staff with KYC pending', { isStaff: true, kycStatus: 'pending' }, '/buyer/dashboard'],
  ])('%s → %s', (_name, overrides, path) => {
    expect(getLandingPath({ ...approvedBuyer, ...overrides })).toBe(path);
  });

  it('lets approved users, staff and admins through the KYC gate', () => {
    expect(canPassKycGate(approvedBuyer)).toBe(true);
    expect(canPassKycGate({ ...approvedBuyer, kycStatus: 'pending' })).toBe(false);
    expect(canPassKycGate({ ...approvedBuyer, kycStatus: 'rejected', isStaff: true })).toBe(true);
    expect(canPassKycGate({ ...approvedBuyer, kycStatus: 'pending', isAdmin: true })).toBe(true);
  });

  it('only returns to paths of this app', () => {
    expect(isSafeReturnPath('/buyer/dashboard?tab=1')).toBe(true);
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', '/login?redirectTo=/x', '', null]) {
      expect(isSafeReturnPath(bad)).toBe(false);
    }
  });
});
