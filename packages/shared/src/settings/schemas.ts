import { z } from 'zod';
import { PLATFORM_FEE_BPS_RANGE } from '../money/platform-fee';
import { DISPUTE_WINDOW_DAYS_RANGE } from '../disputes/constants';
import { zText } from '../text/safe-text';
import { HOLDBACK_RELEASE_BPS_RANGE } from '../trade-terms/constants';

/** Hours an unpaid order holds its tons before it expires (a platform setting; this is its default). */
export const DEFAULT_ORDER_HOLD_HOURS = 72;

/** Keys of the admin-editable platform settings. */
export const PLATFORM_SETTING_KEYS = [
  'escrow_bank_details',
  'order_hold_hours',
  'fund_retention_days',
  'admin_emails',
  'platform_fee_bps',
  'dispute_window_days',
  'platform_company',
  'holdback_release_bps',
] as const;
export type PlatformSettingKey = (typeof PLATFORM_SETTING_KEYS)[number];

/** Where buyers wire their payment (shown on the order page and in the payment instructions). */
export const ZEscrowBankDetails = z.object({
  bankName: zText().min(1, 'validation.invalid').max(160, 'validation.tooLong'),
  accountName: zText().min(1, 'validation.invalid').max(160, 'validation.tooLong'),
  accountNumber: zText().min(1, 'validation.invalid').max(64, 'validation.tooLong'),
  swift: zText().min(1, 'validation.invalid').max(16, 'validation.tooLong'),
  bankAddress: zText().max(240, 'validation.tooLong'),
  currency: z.literal('USD'),
});
export type EscrowBankDetails = z.infer<typeof ZEscrowBankDetails>;

/**
 * The platform's own legal identity, the letterhead of every statement (buyers' and sellers'):
 * the company that runs the escrow, its registered address and its tax id.
 */
export const ZPlatformCompany = z.object({
  legalName: zText().min(1, 'validation.required').max(160, 'validation.tooLong'),
  address: zText({ multiline: true }).min(1, 'validation.required').max(300, 'validation.tooLong'),
  taxId: zText().max(64, 'validation.tooLong'),
});
export type PlatformCompany = z.infer<typeof ZPlatformCompany>;

/** Bounds of the admin-editable periods. 0 retention days is allowed: funds release as soon as inspection passes (demos). */
export const ORDER_HOLD_HOURS_RANGE = { min: 1, max: 720 } as const;
export const FUND_RETENTION_DAYS_RANGE = { min: 0, max: 365 } as const;
export const ADMIN_EMAILS_MAX = 50;

/** PUT /api/admin/settings: the whole set, saved at once and audited. */
export const ZUpdateAdminSettingsRequest = z.object({
  adminEmails: z
    .array(zText().toLowerCase().pipe(z.email('validation.emailInvalid')))
    .max(ADMIN_EMAILS_MAX, 'validation.tooLong'),
  escrowBankDetails: ZEscrowBankDetails,
  /** The statements' letterhead. */
  platformCompany: ZPlatformCompany,
  orderHoldHours: z
    .number('validation.required')
    .int('validation.invalid')
    .min(ORDER_HOLD_HOURS_RANGE.min, 'adminSettings.validation.holdRange')
    .max(ORDER_HOLD_HOURS_RANGE.max, 'adminSettings.validation.holdRange'),
  fundRetentionDays: z
    .number('validation.required')
    .int('validation.invalid')
    .min(FUND_RETENTION_DAYS_RANGE.min, 'adminSettings.validation.retentionRange')
    .max(FUND_RETENTION_DAYS_RANGE.max, 'adminSettings.validation.retentionRange'),
  /** The platform's commission on each seller payout, in basis points (200 = 2 %). */
  platformFeeBps: z
    .number('validation.required')
    .int('validation.invalid')
    .min(PLATFORM_FEE_BPS_RANGE.min, 'adminSettings.validation.platformFeeRange')
    .max(PLATFORM_FEE_BPS_RANGE.max, 'adminSettings.validation.platformFeeRange'),
  /** Days after arrival during which a participant may open a dispute. */
  disputeWindowDays: z
    .number('validation.required')
    .int('validation.invalid')
    .min(DISPUTE_WINDOW_DAYS_RANGE.min, 'disputes.validation.windowRange')
    .max(DISPUTE_WINDOW_DAYS_RANGE.max, 'disputes.validation.windowRange'),
  /**
   * The share of a settlement paid to the seller at once, in basis points (9000 = 90 %); the rest
   * waits for the final measurement. Left out: unchanged.
   */
  holdbackReleaseBps: z
    .number('validation.required')
    .int('validation.invalid')
    .min(HOLDBACK_RELEASE_BPS_RANGE.min, 'adminSettings.validation.holdbackRange')
    .max(HOLDBACK_RELEASE_BPS_RANGE.max, 'adminSettings.validation.holdbackRange')
    .optional(),
});
export type UpdateAdminSettingsRequest = z.input<typeof ZUpdateAdminSettingsRequest>;

export const ZAdminSettingsResponse = z.object({
  /** Admins named in the database (editable here). */
  adminEmails: z.array(z.string()),
  /** Admins named by the ADMIN_EMAILS environment variable: always admins, changed only in the deployment. */
  envAdminEmails: z.array(z.string()),
  escrowBankDetails: ZEscrowBankDetails.nullable(),
  /** null until an admin enters it (the demo seed does); statements then carry the product's name only. */
  platformCompany: ZPlatformCompany.nullable(),
  orderHoldHours: z.number().int(),
  fundRetentionDays: z.number().int(),
  platformFeeBps: z.number().int(),
  disputeWindowDays: z.number().int(),
  holdbackReleaseBps: z.number().int(),
});
export type AdminSettingsResponse = z.infer<typeof ZAdminSettingsResponse>;

/** GET /api/seller/platform-fee: the commission a seller's payouts bear now. */
export const ZPlatformFeeResponse = z.object({ platformFeeBps: z.number().int() });
export type PlatformFeeResponse = z.infer<typeof ZPlatformFeeResponse>;
