export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The 20 countries of the signup form (spec §3), ISO 3166-1 alpha-2. */
export const COUNTRY_CODES = [
  'US',
  'GB',
  'CA',
  'AU',
  'DE',
  'FR',
  'ES',
  'IT',
  'JP',
  'CN',
  'BR',
  'IN',
  'RU',
  'ZA',
  'MX',
  'AR',
  'CL',
  'CO',
  'PE',
  'VE',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const COMPANY_TYPES = [
  'importer_exporter',
  'trader',
  'manufacturer',
  'distributor',
  'broker',
  'financial',
  'logistics',
  'inspection',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** A company's KYC status (stored in English since migration 0030; the spec's Spanish values were pendiente, aprobado, rechazado). */
export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/**
 * What a company does on the platform. Buyers and sellers pick (and switch) their mode; a logistics
 * partner or an inspection company is one from sign-up and works only on the deals an admin assigns it.
 */
export const USER_ROLES = ['buyer', 'seller', 'logistics', 'inspector'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const PARTNER_USER_ROLES = ['logistics', 'inspector'] as const satisfies readonly UserRole[];
export type PartnerUserRole = (typeof PARTNER_USER_ROLES)[number];
/** A logistics or inspection company is a partner account from sign-up: its role follows from its type. */
export function partnerRoleForCompanyType(type: CompanyType): PartnerUserRole | null {
  return type === 'logistics' ? 'logistics' : type === 'inspection' ? 'inspector' : null;
}
export function isPartnerRole(role: UserRole | null | undefined): role is PartnerUserRole {
  return role === 'logistics' || role === 'inspector';
}

/** The persisted mode of the client (spec §3: localStorage key user-mode-storage). */
export const USER_MODE_STORAGE_KEY = 'user-mode-storage';
export const USER_MODES = ['source', 'supply'] as const;
export type UserMode = (typeof USER_MODES)[number];

export const KYC_DOCUMENT_TYPES = {
  government_id: ['pdf', 'jpg', 'png'],
  incorporation_cert: ['pdf'],
  proof_address: ['pdf', 'jpg', 'png'],
  bank_reference: ['pdf'],
  tax_certificate: ['pdf'],
} as const;
export type KycDocumentType = keyof typeof KYC_DOCUMENT_TYPES;
export const KYC_DOCUMENT_STATUSES = ['pending', 'uploaded', 'verified', 'rejected'] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];
export const ONBOARDING_STEPS = 4;

/** Where a company stands in the 4-step onboarding stepper. */
export const ONBOARDING_STATUSES = ['in_progress', 'in_review', 'completed'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
