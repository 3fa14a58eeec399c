import { z } from 'zod';
import { zText } from '../text/safe-text';
import { COMPANY_TYPES, COUNTRY_CODES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * Messages are catalog keys; the web translates them with t(), the server with
 * the request's language. Spec §5 gives their Spanish text.
 */
export const ZSignUpRequest = z.object({
  fullName: zText({ error: 'validation.fullNameRequired' })
    .min(1, 'validation.fullNameRequired')
    .max(120, 'validation.tooLong'),
  email: zText({ error: 'validation.emailRequired' })
    .min(1, 'validation.emailRequired')
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.emailInvalid')),
  password: zText({ trim: false, error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
    .max(PASSWORD_MAX_LENGTH, 'validation.tooLong'),
  companyName: zText({ error: 'validation.companyNameRequired' })
    .min(1, 'validation.companyNameRequired')
    .max(160, 'validation.tooLong'),
  country: z.enum(COUNTRY_CODES, 'validation.countryRequired'),
  companyType: z.enum(COMPANY_TYPES, 'validation.companyTypeRequired'),
  taxId: zText().max(40, 'validation.tooLong').optional(),
});
export type SignUpRequest = z.infer<typeof ZSignUpRequest>;

export const ZSignInRequest = z.object({
  email: zText({ error: 'validation.emailRequired' }).min(1, 'validation.emailRequired').max(254, 'validation.tooLong'),
  password: zText({ trim: false, error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .max(PASSWORD_MAX_LENGTH, 'validation.tooLong'),
});
export type SignInRequest = z.infer<typeof ZSignInRequest>;
