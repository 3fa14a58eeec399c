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

export function computeTotalCents(pricePerTonCents: Cents, tons: number): Cents {
  if (!Number.isInteger(pricePerTonCents) || !Number.isInteger(tons)) {
    throw new RangeError('price and tons must be integers (cents, whole tons)');
  }
  return pricePerTonCents * tons;
}

/** Writes US dollars in a locale (see `localeOf`): "$107,500", or "$1M" when compact. */
export function formatUsd(cents: Cents, locale: string, options: { compact?: boolean } = {}): string {
  const usd = centsToUsd(cents);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    notation: options.compact ? 'compact' : 'standard',
    minimumFractionDigits: 0,
    maximumFractionDigits: options.compact ? 1 : Number.isInteger(usd) ? 0 : 2,
  }).format(usd);
}
