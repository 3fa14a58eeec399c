import {
  type CompanyType,
  type KycStatus,
  type OnboardingStatus,
  type UserRole,
  DAY_MS,
  DEFAULT_KYC_RENEWAL_MONTHS,
  addMonths,
} from '@tradeops/shared';
import { inArray } from 'drizzle-orm';
import { type PasswordHashing } from '../config';
import { type AppTransaction, type Queryable } from '../db/client';
import { passwordHasher } from '../plugins/auth/password-hash';
import { account, onboardingStatus, profiles, user } from '../db/schema';
import { demoId } from './demo-ids';

/** The published password of every demo account (docs/architecture.md, Contracts). */
export const DEMO_PASSWORD = 'TradeOps-Demo-2025';

export interface DemoAccount {
  key: string;
  email: string;
  fullName: string;
  companyName: string;
  companyType: CompanyType | null;
  country: string;
  taxId: string | null;
  role: UserRole | null;
  kycStatus: KycStatus;
  isAdmin: boolean;
  onboardingStep: number;
  onboardingStatus: OnboardingStatus;
  /** How the start-up banner describes it; null keeps it out of the banner. */
  bannerRole: string | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'admin',
    email: 'admin@tradeops.demo',
    fullName: 'Laura Méndez',
    companyName: 'TradeOps',
    companyType: null,
    country: 'VE',
    taxId: null,
    role: null,
    kycStatus: 'approved',
    isAdmin: true,
    onboardingStep: 4,
    onboardingStatus: 'completed',
    bannerRole: 'admin',
  },
  {
    key: 'comprador',
    email: 'comprador@tradeops.demo',
    fullName: 'Carlos Rivas',
    companyName: 'Distribuidora Caribe Alimentos C.A.',
    companyType: 'importer_exporter',
    country: 'VE',
    taxId: 'J-40512876-3',
    role: 'buyer',
    kycStatus: 'approved',
    isAdmin: false,
    onboardingStep: 4,
    onboardingStatus: 'completed',
    bannerRole: 'buyer, KYC approved',
  },
  {
    key: 'vendedor',
    email: 'vendedor@tradeops.demo',
    fullName: 'Martín Olivera',
    companyName: 'Comercializadora Rioplatense S.A.',
    companyType: 'trader',
    country: 'AR',
    taxId: '30-71234567-9',
    role: 'seller',
    kycStatus: 'approved',
    isAdmin: false,
    onboardingStep: 4,
    onboardingStatus: 'completed',
    bannerRole: 'seller, KYC approved',
  },
  {
    key: 'pendiente',
    email: 'pendiente@tradeops.demo',
    fullName: 'Sofía Pérez',
    companyName: 'Agroimport Andina S.A.S.',
    companyType: 'importer_exporter',
    country: 'CO',
    taxId: '901.234.567-1',
    role: null,
    kycStatus: 'pending',
    isAdmin: false,
    // Its five documents are uploaded and sent (demo-kyc-documents.ts): at compliance review.
    onboardingStep: 2,
    onboardingStatus: 'in_review',
    bannerRole: 'KYC pending',
  },
  {
    key: 'importadora-andina',
    email: 'importadora.andina@tradeops.demo',
    fullName: 'Diego Contreras',
    companyName: 'Importadora Andina C.A.',
    companyType: 'importer_exporter',
    country: 'VE',
    taxId: 'J-41098765-2',
    role: 'buyer',
    kycStatus: 'approved',
    isAdmin: false,
    onboardingStep: 4,
    onboardingStatus: 'completed',
    bannerRole: null,
  },
  {
    key: 'exportadora-pampa',
    email: 'exportadora.pampa@tradeops.demo',
    fullName: 'Valeria Gómez',
    companyName: 'Exportadora Pampa Alimentos S.A.',
    companyType: 'manufacturer',
    country: 'AR',
    taxId: '30-70987654-1',
    role: 'seller',
    kycStatus: 'approved',
    isAdmin: false,
    onboardingStep: 4,
    onboardingStatus: 'completed',
    bannerRole: null,
  },
  {
    key: 'cooperativa-sul',
    email: 'cooperativa.sul@tradeops.demo',
    fullName: 'Rafael Souza',
    companyName: 'Cooperativa Agroindustrial Sul Ltda.',
    companyType: 'distributor',
    country: 'BR',
    taxId: '12.345.678/0001-90',
    role: 'seller',
    kycStatus: 'approved',
    isAdmin: false,
    onboardingStep: 4,
    onboardingStatus: 'completed',
    bannerRole: null,
  },
  {
    key: 'logistica',
    email: 'logistica@tradeops.demo',
    fullName: 'Andrés Palacios',
    companyName: 'Logística Portuaria del Caribe C.A.',
    companyType: 'logistics',
    country: 'VE',
    taxId: 'J-40876543-1',
    role: 'logistics',
    kycStatus: 'approved',
    isAdmin: false,
    onboardingStep: 4,
    onboardingStatus: 'completed',
    bannerRole: 'logistics partner, on the featured deal',
  },
  {
    key: 'inspector',
    email: 'inspector@tradeops.demo',
    fullName: 'Gabriela Rondón',
    companyName: 'Inspecciones y Certificaciones Andinas S.A.',
    companyType: 'inspection',
    country: 'VE',
    taxId: 'J-41234987-6',
    role: 'inspector',
    kycStatus: 'approved',
    isAdmin: false,
    onboardingStep: 4,
    onboardingStatus: 'completed',
    bannerRole: 'inspector, on the featured deal',
  },
];

export function demoUserId(key: string): string {
  return demoId(`user:${key}`);
}

/** Demo accounts not in the database yet (a second run finds none and hashes nothing). */
export async function findMissingDemoAccounts(db: Queryable): Promise<DemoAccount[]> {
  const ids = DEMO_ACCOUNTS.map((demo) => demoUserId(demo.key));
  const existing = new Set(
    (await db.select({ id: account.userId }).from(account).where(inArray(account.userId, ids))).map((row) => row.id),
  );
  return DEMO_ACCOUNTS.filter((demo) => !existing.has(demoUserId(demo.key)));
}

/** Hashed outside any transaction: scrypt is slow on purpose. One hash serves all (same published password). */
export function hashDemoPassword(hashing: PasswordHashing): Promise<string> {
  return passwordHasher(hashing).hash(DEMO_PASSWORD);
}

/**
 * Users with a credential account (the scrypt hash Better Auth verifies, plugins/auth/password-hash.ts, so it can
 * verify the password at sign-in), profile and onboarding row. Rows that exist
 * are left as they are.
 */
export async function seedDemoAccounts(tx: AppTransaction, missing: DemoAccount[], passwordHash: string, now: Date) {
  const createdAt = new Date(now.getTime() - 90 * DAY_MS);
  for (const demo of missing) {
    const id = demoUserId(demo.key);
    const inserted = await tx
      .insert(user)
      .values({ id, name: demo.fullName, email: demo.email, emailVerified: true, createdAt, updatedAt: createdAt })
      .onConflictDoNothing()
      .returning({ id: user.id });
    // The e-mail belongs to a real account signed up before the seed ran: leave it alone.
    if (inserted.length === 0) continue;
    await tx
      .insert(account)
      .values({
        id: demoId(`account:${demo.key}`),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing();
    const isApproved = demo.kycStatus === 'approved';
    await tx
      .insert(profiles)
      .values({
        id,
        fullName: demo.fullName,
        companyName: demo.companyName,
        companyType: demo.companyType,
        country: demo.country,
        taxId: demo.taxId,
        role: demo.role,
        kycStatus: demo.kycStatus,
        kycReviewedAt: isApproved ? createdAt : null,
        // The default renewal period from the approval (companies renew their KYC every 12 months).
        kycExpiresAt: isApproved && !demo.isAdmin ? addMonths(createdAt, DEFAULT_KYC_RENEWAL_MONTHS) : null,
        kycReviewedBy: isApproved && !demo.isAdmin ? demoUserId('admin') : null,
        isAdmin: demo.isAdmin,
        language: 'es',
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing();
    await tx
      .insert(onboardingStatus)
      .values({
        userId: id,
        currentStep: demo.onboardingStep,
        status: demo.onboardingStatus,
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing();
  }
}
