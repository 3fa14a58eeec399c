import { z } from 'zod';
import { zText } from '../text/safe-text';
import { PASSWORD_MAX_LENGTH } from './constants';

/** Authenticator codes: 6 digits every 30 s (RFC 6238, Better Auth's defaults). */
export const TWO_FACTOR_CODE_DIGITS = 6;

/** Whether a typed code is an authenticator code (else it is tried as a recovery code). */
export function isAuthenticatorCode(code: string): boolean {
  return new RegExp(`^\\d{${TWO_FACTOR_CODE_DIGITS}}$`).test(code);
}

/** Spaces people type or paste inside a code ("123 456") are not part of it. */
const code = zText({ trim: false, error: 'twoFactor.codeRequired' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, 'twoFactor.codeRequired').max(32, 'twoFactor.codeInvalidFormat'));

const authenticatorCode = code.pipe(
  z.string().regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_DIGITS}}$`), 'twoFactor.codeInvalidFormat'),
);

const password = zText({ trim: false, error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .max(PASSWORD_MAX_LENGTH, 'validation.tooLong');

/** Starts an enrolment (settings, or the admin door): the account's password again. */
export const ZEnableTwoFactorRequest = z.object({ password });
export type EnableTwoFactorRequest = z.infer<typeof ZEnableTwoFactorRequest>;

/**
 * What an authenticator app needs: the otpauth:// URI (shown as a QR code) and
 * its base32 secret for typing in by hand. The recovery codes become valid when
 * the enrolment is confirmed and are shown once.
 */
export const ZEnableTwoFactorResponse = z.object({
  totpUri: z.string(),
  secret: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type EnableTwoFactorResponse = z.infer<typeof ZEnableTwoFactorResponse>;

/** Confirms an enrolment with the first code of the authenticator app. */
export const ZConfirmTwoFactorRequest = z.object({ code: authenticatorCode });
export type ConfirmTwoFactorRequest = z.infer<typeof ZConfirmTwoFactorRequest>;

export const ZDisableTwoFactorRequest = z.object({ password });
export type DisableTwoFactorRequest = z.infer<typeof ZDisableTwoFactorRequest>;

export const SIGN_IN_DOORS = ['user', 'admin'] as const;
export type SignInDoor = (typeof SIGN_IN_DOORS)[number];

/**
 * The second step of a sign-in: an authenticator code, or one of the recovery
 * codes (each works once). `door: admin` refuses a non-admin like the admin door does.
 */
export const ZVerifyTwoFactorRequest = z.object({
  code,
  door: z.enum(SIGN_IN_DOORS, 'validation.invalid').default('user'),
});
export type VerifyTwoFactorRequest = z.input<typeof ZVerifyTwoFactorRequest>;

/** The e-mailed verification link's token (a signed JWT from Better Auth). */
export const ZVerifyEmailRequest = z.object({
  token: zText({ error: 'auth.verifyEmail.invalid' })
    .min(1, 'auth.verifyEmail.invalid')
    .max(2000, 'auth.verifyEmail.invalid'),
});
export type VerifyEmailRequest = z.infer<typeof ZVerifyEmailRequest>;
