import { formatUsd, localeOf, usdToCents, DAY_MS } from '@tradeops/shared';

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
  return new Intl.NumberFormat(toLocale(language), options).format(value);
}

export function formatDate(
  value: string | Date,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(toLocale(language), options).format(new Date(value));
}

/**
 * A moment a user must act by, in the viewer's own time zone and naming it ("26 nov 2026, 20:35 GMT-3"):
 * buyers sit in several zones, and a deadline without its zone is ambiguous.
 */
export function formatDeadline(value: string | Date, language: string): string {
  return formatDate(value, language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/**
 * Whole days left until a deadline, counting a started day as one (a deal that
 * closes in 30 h has 2 days left). Zero or less means the deadline has passed.
 */
export function daysUntil(deadline: string | Date, now: Date = new Date()): number {
  const ms = new Date(deadline).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)));
}
