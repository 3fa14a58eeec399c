import { describe, expect, it } from 'vitest';
import { localeOf } from '../i18n/languages';
import { MAX_OPERATION_TONS, MAX_PRICE_PER_TON_USD } from '../operations/constants';
import { computeTotalCents, formatUsd, isWholeCents, usdToCents } from './money';

describe('money', () => {
  it('computes the featured deal total from cents: 25 t × $4,300 = $107,500', () => {
    expect(computeTotalCents(usdToCents(4300), 25)).toBe(10_750_000);
  });

  it('refuses fractional cents or tons', () => {
    expect(() => computeTotalCents(430000.5, 25)).toThrow(RangeError);
    expect(() => computeTotalCents(430000, 2.5)).toThrow(RangeError);
  });

  it('refuses a total that is no longer an exact integer, and fits the largest deal', () => {
    expect(() => computeTotalCents(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
    const largest = computeTotalCents(usdToCents(MAX_PRICE_PER_TON_USD), MAX_OPERATION_TONS);
    expect(largest).toBe(1e14);
    expect(Number.isSafeInteger(largest)).toBe(true);
  });

  it('tells a whole number of cents from an amount that would be rounded', () => {
    for (const usd of [0, 1, 4300, 4300.1, 5200.5, 0.29, 1.1, 10_000_000, 10_000_000.01, 99.99])
      expect(isWholeCents(usd), String(usd)).toBe(true);
    for (const usd of [1e-9, 0.999, 1.005, 0.001, 4300.123, Number.NaN, Infinity, -Infinity, 1e308 / 3])
      expect(isWholeCents(usd), String(usd)).toBe(false);
  });

  it('writes dollars the Latin American way in Spanish and the US way in English', () => {
    expect(formatUsd(10_750_000, localeOf('es'))).toBe('$107,500');
    expect(formatUsd(10_750_000, localeOf('en'))).toBe('$107,500');
    expect(formatUsd(12_345, localeOf('en'))).toBe('$123.45');
    // Cents are always two digits: a fee of 2.5 % on $21,500.
    expect(formatUsd(53_750, localeOf('en'))).toBe('$537.50');
    expect(formatUsd(53_750, localeOf('es'))).toBe('$537.50');
  });

  it('writes a compact million without a trailing zero', () => {
    expect(formatUsd(100_000_000, localeOf('en'), { compact: true })).toBe('$1M');
    expect(formatUsd(100_000_000, localeOf('es'), { compact: true })).toBe('$1\u00a0M');
  });
});
