import { z } from 'zod';
import { zText } from '../text/safe-text';
import { COMPANY_TYPES, COUNTRY_CODES } from '../auth/constants';
import { LANGUAGES } from '../i18n/languages';

/** The caller's profile as the settings pages show it. Company data is read-only once KYC approved it. */
export const ZAccountProfile = z.object({
  email: z.string(),
  fullName: z.string(),
  companyName: z.string(),
  companyType: z.enum(COMPANY_TYPES).nullable(),
  country: z.enum(COUNTRY_CODES).nullable(),
  taxId: z.string().nullable(),
  language: z.enum(LANGUAGES),
  notificationPrefs: z.object({ email: z.boolean(), inApp: z.boolean() }),
  /** false once the company's KYC is approved: its verified identity changes only through support. */
  canEditCompany: z.boolean(),
});
export type AccountProfile = z.infer<typeof ZAccountProfile>;

/** PUT /api/account/profile: every field optional; company fields are refused after KYC approval. */
export const ZUpdateAccountProfileRequest = z.object({
  fullName: zText().min(1, 'validation.fullNameRequired').max(120, 'validation.tooLong').optional(),
  companyName: zText().min(1, 'validation.companyNameRequired').max(160, 'validation.tooLong').optional(),
  companyType: z.enum(COMPANY_TYPES, 'validation.companyTypeRequired').optional(),
  country: z.enum(COUNTRY_CODES, 'validation.countryRequired').optional(),
  taxId: zText().max(64, 'validation.tooLong').optional(),
  language: z.enum(LANGUAGES).optional(),
  notificationPrefs: z.object({ email: z.boolean(), inApp: z.boolean() }).optional(),
});
export type UpdateAccountProfileRequest = z.infer<typeof ZUpdateAccountProfileRequest>;
