import { z } from 'zod';
import { COMPANY_TYPES, COUNTRY_CODES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * Messages are catalog keys; the web translates them with t(), the server with
 * the request's language. Spec §5 gives their Spanish text.
 */
export const ZSignUpRequest = z.object({
  fullName: z
    .string('validation.fullNameRequired')
    .trim()
    .min(1, 'validation.fullNameRequired')
    .max(120, 'validation.tooLong'),
  email: z
    .string('validation.emailRequired')
    .trim()
    .min(1, 'validation.emailRequired')
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.emailInvalid')),
  password: z
    .string('validation.passwordRequired')
    .min(1, 'validation.passwordRequired')
    .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
    .max(PASSWORD_MAX_LENGTH, 'validation.tooLong'),
  companyName: z
    .string('validation.companyNameRequired')
    .trim()
    .min(1, 'validation.companyNameRequired')
    .max(160, 'validation.tooLong'),
  country: z.enum(COUNTRY_CODES, 'validation.countryRequired'),
  companyType: z.enum(COMPANY_TYPES, 'validation.companyTypeRequired'),
  taxId: z.string().trim().max(40, 'validation.tooLong').optional(),
});
export type SignUpRequest = z.infer<typeof ZSignUpRequest>;

export const ZSignInRequest = z.object({
  email: z.string('validation.emailRequired').trim().min(1, 'validation.emailRequired').max(254, 'validation.tooLong'),
  password: z
    .string('validation.passwordRequired')
    .min(1, 'validation.passwordRequired')
    .max(PASSWORD_MAX_LENGTH, 'validation.tooLong'),
});
export type SignInRequest = z.infer<typeof ZSignInRequest>;
