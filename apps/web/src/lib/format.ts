import {
  dateTimeFormat,
  formatUsd,
  localeOf,
  numberFormat,
  usdToCents,
  formatDeadline as formatSharedDeadline,
} from '@tradeops/shared';

export { formatCalendarDate } from '@tradeops/shared';

/**
 * Display formatting in the UI language. Amounts from the API are US dollars
 * (integer cents in the database); the one money formatter is the shared
 * `formatUsd`, so the web and the server's e-mails write money alike.
 */
export function toLocale(language: string): string {
  return localeOf(language);
}

export function formatUsdAmount(usd: number, language: string, options: { compact?: boolean } = {}): string {
  return formatUsd(usdToCents(usd), toLocale(language), options);
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(toLocale(language), options).format(value);
}

export function formatDate(
  value: string | Date,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return dateTimeFormat(toLocale(language), options).format(new Date(value));
}

/**
 * A deadline (a moment) in the viewer's time zone with the zone named:
 * "26 nov 2026, 8:35 p.m. (UTC−3)". Buyers across UTC−3 and UTC−5 read the same instant.
 */
export function formatDeadline(value: string | Date, language: string): string {
  return formatSharedDeadline(value, language);
}

/** Whole days left until a deadline: the one rule, shared with the server's link previews. */
export { daysUntil } from '@tradeops/shared';

export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)));
}
