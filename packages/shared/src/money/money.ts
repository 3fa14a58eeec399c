import { numberFormat } from '../i18n/intl-formats';

/**
 * Money is integer US cents everywhere it is stored or computed; the one place
 * that turns tons × price into money is `computeTotalCents`.
 */
export type Cents = number;

export function usdToCents(usd: number): Cents {
  return Math.round(usd * 100);
}

export function centsToUsd(cents: Cents): number {
  return cents / 100;
}

/**
 * True when a dollar amount is a whole number of cents: finite, with at most two decimals.
 * Exact, not within a tolerance: 4300.1 and 5200.5 are (the doubles nearest those decimals),
 * 1e-9, 0.999 or 1.005 are not, so no amount is silently rounded (to 0 ¢, or by a cent).
 */
export function isWholeCents(usd: number): boolean {
  return Number.isFinite(usd) && Math.round(usd * 100) / 100 === usd;
}

export function computeTotalCents(pricePerTonCents: Cents, tons: number): Cents {
  if (!Number.isInteger(pricePerTonCents) || !Number.isInteger(tons)) {
    throw new RangeError('price and tons must be integers (cents, whole tons)');
  }
  const total = pricePerTonCents * tons;
  // Beyond 2^53 an integer product is no longer exact: refuse rather than store a rounded sum.
  if (!Number.isSafeInteger(total)) throw new RangeError('the total is beyond the exact integer range');
  return total;
}

/** Writes US dollars in a locale (see `localeOf`): "$107,500", "$537.50", or "$1M" when compact. */
export function formatUsd(cents: Cents, locale: string, options: { compact?: boolean } = {}): string {
  const usd = centsToUsd(cents);
  return numberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    notation: options.compact ? 'compact' : 'standard',
    // Whole dollars without cents; otherwise always two digits ($537.50, never $537.5).
    minimumFractionDigits: options.compact || Number.isInteger(usd) ? 0 : 2,
    maximumFractionDigits: options.compact ? 1 : Number.isInteger(usd) ? 0 : 2,
  }).format(usd);
}
