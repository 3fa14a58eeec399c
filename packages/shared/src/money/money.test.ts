import { describe, expect, it } from 'vitest';
import { localeOf } from '../i18n/languages';
import { computeTotalCents, formatUsd, usdToCents } from './money';

describe('money', () => {
  it('computes the featured deal total from cents: 25 t × $4,300 = $107,500', () => {
    expect(computeTotalCents(usdToCents(4300), 25)).toBe(10_750_000);
  });

  it('refuses fractional cents or tons', () => {
    expect(() => computeTotalCents(430000.5, 25)).toThrow(RangeError);
    expect(() => computeTotalCents(430000, 2.5)).toThrow(RangeError);
  });

  it('writes dollars the Latin American way in Spanish and the US way in English', () => {
    expect(formatUsd(10_750_000, localeOf('es'))).toBe('$107,500');
    expect(formatUsd(10_750_000, localeOf('en'))).toBe('$107,500');
    expect(formatUsd(12_345, localeOf('en'))).toBe('$123.45');
  });

  it('writes a compact million without a trailing zero', () => {
    expect(formatUsd(100_000_000, localeOf('en'), { compact: true })).toBe('$1M');
    expect(formatUsd(100_000_000, localeOf('es'), { compact: true })).toBe('$1\u00a0M');
  });
});
