import { z } from 'zod';

/** Hours an unpaid reservation holds its tons before it expires (a platform setting; this is its default). */
export const DEFAULT_RESERVATION_HOLD_HOURS = 72;

/** Keys of the admin-editable platform settings. */
export const PLATFORM_SETTING_KEYS = ['escrow_bank_details', 'reservation_hold_hours', 'fund_retention_days'] as const;
export type PlatformSettingKey = (typeof PLATFORM_SETTING_KEYS)[number];

/** Where buyers wire their payment (shown on the order page and in the payment instructions). */
export const ZEscrowBankDetails = z.object({
  bank_name: z.string().trim().min(1, 'validation.invalid').max(160, 'validation.tooLong'),
  account_name: z.string().trim().min(1, 'validation.invalid').max(160, 'validation.tooLong'),
  account_number: z.string().trim().min(1, 'validation.invalid').max(64, 'validation.tooLong'),
  swift: z.string().trim().min(1, 'validation.invalid').max(16, 'validation.tooLong'),
  bank_address: z.string().trim().max(240, 'validation.tooLong'),
  currency: z.literal('USD'),
});
export type EscrowBankDetails = z.infer<typeof ZEscrowBankDetails>;
