import { zPage } from '../paging/page';
import { z } from 'zod';
import { zText } from '../text/safe-text';
import { KYC_STATUSES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_MODES, USER_ROLES } from './constants';
import { LANGUAGES } from '../i18n/languages';

/** The signed-in user as the web app sees it (GET /api/session and every sign-in answer). */
export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(USER_ROLES).nullable(),
  isAdmin: z.boolean(),
  isStaff: z.boolean(),
  kycStatus: z.enum(KYC_STATUSES),
  kycRejectReason: z.string().nullable(),
  language: z.enum(LANGUAGES),
  /** The address was confirmed through the e-mailed link (needed for KYC and for admin rights by e-mail). */
  emailVerified: z.boolean(),
  /** Sign-in asks for an authenticator code (TOTP) or a recovery code. */
  twoFactorEnabled: z.boolean(),
  /**
   * An admin account in production without two-factor sign-in yet: its admin
   * rights wait (isAdmin is false) until it enrols at the admin door.
   */
  twoFactorEnrolmentRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof ZSessionUser>;

export const ZSessionResponse = z.object({ user: ZSessionUser.nullable() });
export type SessionResponse = z.infer<typeof ZSessionResponse>;

/**
 * A sign-in answer: the signed-in user, or (user null, twoFactorRequired true)
 * when the password was right and the account asks for its second factor next.
 */
export const ZSignInResponse = ZSessionResponse.extend({ twoFactorRequired: z.boolean() });
export type SignInResponse = z.infer<typeof ZSignInResponse>;

/** Source mode = role buyer, supply mode = role seller (spec §6). */
export const ZSelectModeRequest = z.object({ mode: z.enum(USER_MODES, 'validation.invalid') });
export type SelectModeRequest = z.infer<typeof ZSelectModeRequest>;

const newPassword = zText({ trim: false })
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .max(PASSWORD_MAX_LENGTH, 'validation.tooLong');

export const ZForgotPasswordRequest = z.object({
  email: zText()
    .min(1, 'validation.emailRequired')
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.emailInvalid')),
});
export type ForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({
  token: zText({ trim: false }).min(1, 'auth.resetTokenInvalid').max(200, 'auth.resetTokenInvalid'),
  newPassword,
});
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZChangePasswordRequest = z.object({
  currentPassword: zText({ trim: false })
    .min(1, 'validation.passwordRequired')
    .max(PASSWORD_MAX_LENGTH, 'validation.tooLong'),
  newPassword,
});
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZOkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof ZOkResponse>;

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const ZOutboxEmail = z.object({
  id: z.string(),
  to: z.string(),
  /** A notification type (`kyc.approved`) or an account mail (`auth.resetMail`). */
  kind: z.string(),
  subject: z.string(),
  /** The text body as sent (with its links). */
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof ZOutboxEmail>;
/** GET /api/admin/outbox: a page of the mails (ZPageQuery), newest first, with how many there are. */
export const ZOutboxResponse = zPage(ZOutboxEmail).extend({
  /** false: no SMTP_URL, nothing is sent (admins read the mails here). */
  smtpConfigured: z.boolean(),
});
export const ZResendOutboxResponse = z.object({ data: ZOutboxEmail });
export type OutboxResponse = z.infer<typeof ZOutboxResponse>;
export const ZOutboxIdParams = z.object({ id: z.uuid('validation.invalid') });
