import { type SanctionsEntryFields } from '@tradeops/shared';

/** One designation of a list as the matcher and the cases use it, whatever its publisher's format. */
export interface ParsedSanctionsEntry extends SanctionsEntryFields {
  /** Tax, registration and national ids, upper case letters and digits only. */
  identifiers: string[];
  remarks: string | null;
}

export interface ParsedSanctionsList {
  /** When the publisher generated the file, where the format says so. */
  publishedAt: Date | null;
  entries: ParsedSanctionsEntry[];
}

/** An identifier as compared: letters and digits only, upper case ("J-00095036-9" → "J000950369"). */
export function toIdentifierKey(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Adds a value once, skipping empty ones. */
export function addUnique(values: string[], value: string | null | undefined): void {
  const trimmed = value?.trim();
  if (trimmed && !values.includes(trimmed)) values.push(trimmed);
}
