import { describe, expect, it } from 'vitest';
import { computePayoutSplit, sumPayoutSplits } from './payout';

describe('computePayoutSplit', () => {
  it('releases a settled order to the seller less the 2 % fee: $120,000 → $117,600 + $2,400', () => {
    const split = computePayoutSplit({ heldCents: 12_000_000, refundCents: 0, feeBps: 200 });
    expect(split).toMatchObject({
      kind: 'release',
      grossCents: 12_000_000,
      feeCents: 240_000,
      netCents: 11_760_000,
      refundCents: 0,
    });
    expect(split.entries).toEqual([
      { role: 'escrow', amountCents: -12_000_000 },
      { role: 'seller', amountCents: 11_760_000 },
      { role: 'platform_fee', amountCents: 240_000 },
      { role: 'buyer_refund', amountCents: 0 },
    ]);
  });

  it('splits a partial refund: the refund bears no fee, the rest pays the fee', () => {
    const split = computePayoutSplit({ heldCents: 5_200_000, refundCents: 1_500_000, feeBps: 200 });
    expect(split).toMatchObject({ kind: 'release', grossCents: 3_700_000, feeCents: 74_000, netCents: 3_626_000 });
    expect(split.entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
  });

  it('is a refund, with no fee, when everything goes back to the buyer', () => {
    expect(computePayoutSplit({ heldCents: 650_000, refundCents: 650_000, feeBps: 200 })).toMatchObject({
      kind: 'refund',
      grossCents: 0,
      feeCents: 0,
      netCents: 0,
    });
  });

  it('rounds the fee down in the seller’s favour and always balances', () => {
    for (const [held, refund, bps] of [
      [99_999, 1, 250],
      [12_345, 345, 150],
      [49, 0, 200],
      [1, 0, 2000],
    ] as const) {
      const split = computePayoutSplit({ heldCents: held, refundCents: refund, feeBps: bps });
      expect(split.feeCents).toBe(Math.floor(((held - refund) * bps) / 10_000));
      expect(split.entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    }
  });

  it('refuses nothing held, a refund beyond the held amount, a negative or fractional refund', () => {
    expect(() => computePayoutSplit({ heldCents: 0, refundCents: 0, feeBps: 200 })).toThrow(RangeError);
    expect(() => computePayoutSplit({ heldCents: 100, refundCents: 101, feeBps: 200 })).toThrow(RangeError);
    expect(() => computePayoutSplit({ heldCents: 100, refundCents: -1, feeBps: 200 })).toThrow(RangeError);
    expect(() => computePayoutSplit({ heldCents: 100, refundCents: 0.5, feeBps: 200 })).toThrow(RangeError);
    expect(() => computePayoutSplit({ heldCents: 100, refundCents: 0, feeBps: 2001 })).toThrow(RangeError);
  });

  it('keeps a holdback in escrow: the escrow gives up the rest, the fee is on what the seller gets', () => {
    const split = computePayoutSplit({ heldCents: 1_000_000, refundCents: 0, feeBps: 200, holdbackCents: 100_000 });
    expect(split).toMatchObject({ kind: 'release', grossCents: 900_000, feeCents: 18_000, netCents: 882_000 });
    expect(split.entries[0]).toEqual({ role: 'escrow', amountCents: -900_000 });
    expect(() => computePayoutSplit({ heldCents: 100, refundCents: 0, feeBps: 200, holdbackCents: 100 })).toThrow(
      RangeError,
    );
  });

  it('sums several orders', () => {
    const splits = [
      computePayoutSplit({ heldCents: 5_200_000, refundCents: 1_500_000, feeBps: 200 }),
      computePayoutSplit({ heldCents: 7_800_000, refundCents: 500_000, feeBps: 200 }),
    ];
    expect(sumPayoutSplits(splits)).toEqual({
      heldCents: 13_000_000,
      refundCents: 2_000_000,
      holdbackCents: 0,
      grossCents: 11_000_000,
      feeCents: 220_000,
      netCents: 10_780_000,
    });
  });
});
