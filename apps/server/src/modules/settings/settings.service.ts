import {
  DEFAULT_DISPUTE_WINDOW_DAYS,
  DEFAULT_HOLDBACK_RELEASE_BPS,
  HOLDBACK_RELEASE_BPS_RANGE,
  DEFAULT_ORDER_HOLD_HOURS,
  DEFAULT_PLATFORM_FEE_BPS,
  PLATFORM_FEE_BPS_RANGE,
  type EscrowBankDetails,
  FUND_RETENTION_DAYS,
  type PlatformCompany,
  ZEscrowBankDetails,
  ZPlatformCompany,
} from '@tradeops/shared';
import { inArray } from 'drizzle-orm';
import { type Queryable } from '../../db/client';
import { type StoredEscrowBankDetails, type StoredPlatformCompany, platformSettings } from '../../db/schema';

/** The platform settings as the services use them, with the defaults of spec §9 where none is stored. */
export interface PlatformSettings {
  /** null until an admin enters them (the demo seed does). */
  escrowBankDetails: EscrowBankDetails | null;
  /** The statements' letterhead: null until an admin enters it (the demo seed does). */
  platformCompany: PlatformCompany | null;
  orderHoldHours: number;
  fundRetentionDays: number;
  /** The commission taken from each seller payout, in basis points. */
  platformFeeBps: number;
  /** Days after arrival during which a participant may open a dispute. */
  disputeWindowDays: number;
  /**
   * The share of a settlement paid to the seller at once, in basis points (90 % by default); the rest
   * is held back until the final measurement (docs/decisions/021). 10 000: nothing held back.
   */
  holdbackReleaseBps: number;
}

/** A stored share outside its bounds falls back to the default rather than being taken. */
function holdbackReleaseBpsOf(value: unknown): number {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= HOLDBACK_RELEASE_BPS_RANGE.min &&
    value <= HOLDBACK_RELEASE_BPS_RANGE.max
    ? value
    : DEFAULT_HOLDBACK_RELEASE_BPS;
}

function integerAtLeast(value: unknown, minimum: number, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= minimum ? value : fallback;
}

/** A stored fee outside its bounds (written by hand) falls back to the default rather than being taken. */
function platformFeeBpsOf(value: unknown): number {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= PLATFORM_FEE_BPS_RANGE.min &&
    value <= PLATFORM_FEE_BPS_RANGE.max
    ? value
    : DEFAULT_PLATFORM_FEE_BPS;
}

/** A stored value's field, or undefined (a value that is not an object has none). */
function fieldOf(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** The stored bank details (db/schema/platform.ts) in the API's shape; malformed: null. */
function escrowBankDetailsOf(stored: unknown): EscrowBankDetails | null {
  const bank = ZEscrowBankDetails.safeParse({
    bankName: fieldOf(stored, 'bank_name'),
    accountName: fieldOf(stored, 'account_name'),
    accountNumber: fieldOf(stored, 'account_number'),
    swift: fieldOf(stored, 'swift'),
    bankAddress: fieldOf(stored, 'bank_address'),
    currency: fieldOf(stored, 'currency'),
  });
  return bank.success ? bank.data : null;
}

/** The stored letterhead (db/schema/platform.ts) in the API's shape; malformed: null. */
function platformCompanyOf(stored: unknown): PlatformCompany | null {
  const company = ZPlatformCompany.safeParse({
    legalName: fieldOf(stored, 'legal_name'),
    address: fieldOf(stored, 'address'),
    taxId: fieldOf(stored, 'tax_id'),
  });
  return company.success ? company.data : null;
}

/** The bank details as platform_settings stores them. */
export function storedEscrowBankDetails(bank: EscrowBankDetails): StoredEscrowBankDetails {
  return {
    bank_name: bank.bankName,
    account_name: bank.accountName,
    account_number: bank.accountNumber,
    swift: bank.swift,
    bank_address: bank.bankAddress,
    currency: bank.currency,
  };
}

/** The letterhead as platform_settings stores it. */
export function storedPlatformCompany(company: PlatformCompany): StoredPlatformCompany {
  return { legal_name: company.legalName, address: company.address, tax_id: company.taxId };
}

/** platform_settings' values by key, as stored (absent keys are missing). */
export type StoredSettings = ReadonlyMap<string, unknown>;

/** The stored values of `keys`, in one query (a caller needing two groups of settings reads them together). */
export async function readStoredSettings(db: Queryable, keys: readonly string[]): Promise<StoredSettings> {
  const rows = await db
    .select({ key: platformSettings.key, value: platformSettings.value })
    .from(platformSettings)
    .where(inArray(platformSettings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** The platform's own settings' keys (the compliance settings have theirs: COMPLIANCE_SETTING_KEYS). */
export const PLATFORM_SETTING_KEYS = [
  'escrow_bank_details',
  'order_hold_hours',
  'fund_retention_days',
  'platform_fee_bps',
  'dispute_window_days',
  'platform_company',
  'holdback_release_bps',
] as const;

/** Reads every setting in one query; a malformed stored value falls back to its default. */
export async function getPlatformSettings(db: Queryable): Promise<PlatformSettings> {
  return platformSettingsFrom(await readStoredSettings(db, PLATFORM_SETTING_KEYS));
}

/** The settings from their stored values; a missing or malformed one is its default. */
export function platformSettingsFrom(stored: StoredSettings): PlatformSettings {
  return {
    escrowBankDetails: escrowBankDetailsOf(stored.get('escrow_bank_details')),
    platformCompany: platformCompanyOf(stored.get('platform_company')),
    orderHoldHours: integerAtLeast(stored.get('order_hold_hours'), 1, DEFAULT_ORDER_HOLD_HOURS),
    // 0 is allowed: settlement right after a passed inspection (demos).
    fundRetentionDays: integerAtLeast(stored.get('fund_retention_days'), 0, FUND_RETENTION_DAYS),
    platformFeeBps: platformFeeBpsOf(stored.get('platform_fee_bps')),
    disputeWindowDays: integerAtLeast(stored.get('dispute_window_days'), 0, DEFAULT_DISPUTE_WINDOW_DAYS),
    holdbackReleaseBps: holdbackReleaseBpsOf(stored.get('holdback_release_bps')),
  };
}
