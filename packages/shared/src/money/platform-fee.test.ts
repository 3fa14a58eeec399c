import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLATFORM_FEE_BPS,
  PLATFORM_FEE_BPS_RANGE,
  computePlatformFeeCents,
  feeBpsToPercent,
} from './platform-fee';

describe('computePlatformFeeCents', () => {
  it('takes 2 % by default: $107,500 pays $2,150', () => {
    expect(DEFAULT_PLATFORM_FEE_BPS).toBe(200);
    expect(computePlatformFeeCents(10_750_000, DEFAULT_PLATFORM_FEE_BPS)).toBe(215_000);
  });

  it('rounds down to the cent, in the seller’s favour', () => {
    expect(computePlatformFeeCents(49, 200)).toBe(0); // 0.98 ¢
    expect(computePlatformFeeCents(50, 200)).toBe(1);
    expect(computePlatformFeeCents(12_345, 150)).toBe(185); // 185.175 ¢
    expect(computePlatformFeeCents(99_999, 250)).toBe(2_499); // 2499.975 ¢
  });

  it('takes nothing at 0 % or on nothing paid out', () => {
    expect(computePlatformFeeCents(10_750_000, 0)).toBe(0);
    expect(computePlatformFeeCents(0, 200)).toBe(0);
  });

  it('stays exact on the largest payout', () => {
    expect(computePlatformFeeCents(Number.MAX_SAFE_INTEGER, PLATFORM_FEE_BPS_RANGE.max)).toBe(
      Number((BigInt(Number.MAX_SAFE_INTEGER) * 2000n) / 10_000n),
    );
  });

  it('refuses a rate outside its bounds or not whole, and a payout not in whole cents', () => {
    expect(() => computePlatformFeeCents(100, -1)).toThrow(RangeError);
    expect(() => computePlatformFeeCents(100, PLATFORM_FEE_BPS_RANGE.max + 1)).toThrow(RangeError);
    expect(() => computePlatformFeeCents(100, 1.5)).toThrow(RangeError);
    expect(() => computePlatformFeeCents(-100, 200)).toThrow(RangeError);
    expect(() => computePlatformFeeCents(10.5, 200)).toThrow(RangeError);
    expect(computePlatformFeeCents(10_000, PLATFORM_FEE_BPS_RANGE.max)).toBe(2_000);
  });

  it('shows basis points as a percentage', () => {
    expect(feeBpsToPercent(200)).toBe(2);
    expect(feeBpsToPercent(150)).toBe(1.5);
  });
});
