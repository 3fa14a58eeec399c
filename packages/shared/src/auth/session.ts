import { z } from 'zod';
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
});
export type SessionUser = z.infer<typeof ZSessionUser>;

export const ZSessionResponse = z.object({ user: ZSessionUser.nullable() });
export type SessionResponse = z.infer<typeof ZSessionResponse>;

/** Source mode = role buyer, supply mode = role seller (spec §6). */
export const ZSelectModeRequest = z.object({ mode: z.enum(USER_MODES, 'validation.invalid') });
export type SelectModeRequest = z.infer<typeof ZSelectModeRequest>;

const newPassword = z
  .string()
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .max(PASSWORD_MAX_LENGTH, 'validation.tooLong');

export const ZForgotPasswordRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'validation.emailRequired')
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.emailInvalid')),
});
export type ForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({
  token: z.string().min(1, 'auth.resetTokenInvalid').max(200, 'auth.resetTokenInvalid'),
  newPassword,
});
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'validation.passwordRequired').max(PASSWORD_MAX_LENGTH, 'validation.tooLong'),
  newPassword,
});
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZOkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof ZOkResponse>;

export const ZOutboxEmail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const ZOutboxResponse = z.object({ data: z.array(ZOutboxEmail) });
export type OutboxResponse = z.infer<typeof ZOutboxResponse>;
