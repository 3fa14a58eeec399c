import { DAY_MS } from '../time';
import { KYC_RENEWAL_REMINDER_DAYS, PROOF_OF_ADDRESS_MAX_AGE_MONTHS } from '../compliance/constants';
import { type KycDocumentType } from '../auth/constants';

/**
 * KYC freshness (docs/compliance.md): which documents carry dates, when a document is too old or
 * expired, when a company's KYC lapses and when it is reminded. Pure: the upload form, the server
 * and the reminder job use the same rules.
 */

/** The dates each document type carries: an issue date for all, an expiry for identity documents and tax certificates, the holder's birth date on an identity document. */
export const DOCUMENT_DATES: Record<KycDocumentType, { expires: boolean; holderBirthDate: boolean }> = {
  government_id: { expires: true, holderBirthDate: true },
  incorporation_cert: { expires: false, holderBirthDate: false },
  proof_address: { expires: false, holderBirthDate: false },
  bank_reference: { expires: false, holderBirthDate: false },
  tax_certificate: { expires: true, holderBirthDate: false },
};

export interface DocumentDates {
  issuedOn?: string | null;
  expiresOn?: string | null;
  holderBirthDate?: string | null;
}

/** 'YYYY-MM-DD' → that day at 00:00 UTC. */
function dayOf(value: string): Date {
  return new Date(`${value}T00:00:00.000Z`);
}

/** The same calendar day `months` later (the last day of a shorter month). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * What is wrong with a document's dates, as a catalog key, or null: an issue date in the future,
 * an expiry before the issue or already past, a proof of address issued more than three months
 * ago, a holder born today or later; at upload, a proof of address without its issue date. Other
 * dates not given are not judged (documents uploaded before dates were asked keep their review).
 */
export function findDocumentDateProblem(
  type: KycDocumentType,
  dates: DocumentDates,
  now: Date,
  options: { isUpload?: boolean } = {},
): { field: keyof DocumentDates; key: string } | null {
  const today = dayOf(now.toISOString().slice(0, 10));
  // A new proof of address says when it was issued: the three-month rule needs the date.
  if (options.isUpload && type === 'proof_address' && !dates.issuedOn) {
    return { field: 'issuedOn', key: 'kyc.dates.issuedOnRequired' };
  }
  if (dates.issuedOn && dayOf(dates.issuedOn) > today) return { field: 'issuedOn', key: 'kyc.dates.issuedInFuture' };
  if (dates.expiresOn) {
    if (dates.issuedOn && dayOf(dates.expiresOn) <= dayOf(dates.issuedOn)) {
      return { field: 'expiresOn', key: 'kyc.dates.expiresBeforeIssue' };
    }
    if (dayOf(dates.expiresOn) <= today) return { field: 'expiresOn', key: 'kyc.dates.expired' };
  }
  if (type === 'proof_address' && dates.issuedOn && isProofOfAddressTooOld(dates.issuedOn, now)) {
    return { field: 'issuedOn', key: 'kyc.dates.proofOfAddressTooOld' };
  }
  if (dates.holderBirthDate && dayOf(dates.holderBirthDate) >= today) {
    return { field: 'holderBirthDate', key: 'kyc.dates.birthDateInvalid' };
  }
  return null;
}

/** A proof of address issued more than three months before today is too old to show where a company is. */
export function isProofOfAddressTooOld(issuedOn: string, now: Date): boolean {
  const today = dayOf(now.toISOString().slice(0, 10));
  return addMonths(dayOf(issuedOn), PROOF_OF_ADDRESS_MAX_AGE_MONTHS) < today;
}

/**
 * When an approval lapses: the renewal period after the approval, or earlier, the day the first
 * of the company's documents expires.
 */
export function kycExpiryDate(approvedAt: Date, renewalMonths: number, documentExpiries: readonly string[]): Date {
  let expiry = addMonths(approvedAt, renewalMonths);
  for (const date of documentExpiries) {
    const day = dayOf(date);
    if (day < expiry) expiry = day;
  }
  return expiry;
}

/** A company's KYC as of now: in force, due for renewal (the reminders' window), or lapsed. */
export function kycRenewalState(expiresAt: Date | null, now: Date): 'valid' | 'due' | 'expired' {
  if (!expiresAt) return 'valid';
  if (expiresAt.getTime() <= now.getTime()) return 'expired';
  return expiresAt.getTime() - now.getTime() <= KYC_RENEWAL_REMINDER_DAYS[0] * DAY_MS ? 'due' : 'valid';
}

/** The reminder due now (30, then 7 days before), given the last one sent for this expiry; null if none. */
export function dueRenewalReminder(expiresAt: Date, lastSentDays: number | null, now: Date): number | null {
  const daysLeft = (expiresAt.getTime() - now.getTime()) / DAY_MS;
  if (daysLeft <= 0) return null;
  const due = [...KYC_RENEWAL_REMINDER_DAYS].filter((days) => daysLeft <= days).sort((a, b) => a - b)[0];
  if (due === undefined) return null;
  return lastSentDays === null || due < lastSentDays ? due : null;
}
