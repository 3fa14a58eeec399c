import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeHoldbackCents, computeShortfallRefunds, largestRemainderShares } from './holdback';
import { computePayoutSplit } from './payout';

const sum = (values: readonly number[]) => values.reduce((acc, value) => acc + value, 0);

/** A deal's orders: whole tons at one price per ton, as the platform takes them. */
const dealArbitrary = fc.record({
  pricePerTonCents: fc.integer({ min: 100, max: 2_000_000 }),
  tons: fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 12 }),
  feeBps: fc.integer({ min: 0, max: 2_000 }),
  releaseBps: fc.integer({ min: 5_000, max: 10_000 }),
  tolerancePercent: fc.integer({ min: 0, max: 10 }),
  /** The measured net weight as a share of the contracted one, in ‰ (0 … 110 %). */
  measuredPermille: fc.integer({ min: 0, max: 1_100 }),
});

describe('the holdback arithmetic (property)', () => {
  it('books transfers that each sum to zero, and buyers + seller + fee = what was deposited, to the cent', () => {
    fc.assert(
      fc.property(dealArbitrary, (deal) => {
        const orders = deal.tons.map((tons, index) => ({
          id: `o${index}`,
          tons,
          depositedCents: tons * deal.pricePerTonCents,
        }));
        const deposited = sum(orders.map((order) => order.depositedCents));
        // First tranche: a passed inspection pays the seller its share and keeps the holdback.
        const first = orders.map((order) =>
          computePayoutSplit({
            heldCents: order.depositedCents,
            refundCents: 0,
            feeBps: deal.feeBps,
            holdbackCents: computeHoldbackCents(order.depositedCents, deal.releaseBps),
          }),
        );
        for (const split of first) expect(sum(split.entries.map((entry) => entry.amountCents))).toBe(0);
        // Second tranche: the final measurement refunds a shortfall beyond the tolerance, pays the rest.
        const contractedKg = sum(deal.tons) * 1_000;
        const measuredKg = Math.floor((contractedKg * deal.measuredPermille) / 1_000);
        const shortfall = computeShortfallRefunds({
          orders: orders.map((order, index) => ({ ...order, heldCents: first[index]!.holdbackCents })),
          measuredKg,
          tolerancePercent: deal.tolerancePercent,
        });
        expect(sum(shortfall.refunds.map((refund) => refund.shareCents))).toBe(shortfall.valueCents);
        const second = orders
          .map((order, index) => ({ held: first[index]!.holdbackCents, refund: shortfall.refunds[index]! }))
          .filter(({ held }) => held > 0)
          .map(({ held, refund }) =>
            computePayoutSplit({ heldCents: held, refundCents: refund.refundCents, feeBps: deal.feeBps }),
          );
        for (const split of second) expect(sum(split.entries.map((entry) => entry.amountCents))).toBe(0);
        const all = [...first, ...second];
        const buyers = sum(all.map((split) => split.refundCents));
        const seller = sum(all.map((split) => split.netCents));
        const fee = sum(all.map((split) => split.feeCents));
        expect(buyers + seller + fee).toBe(deposited);
        // Nothing is left in escrow once both tranches are booked.
        expect(sum(first.map((split) => split.holdbackCents)) - sum(second.map((split) => split.heldCents))).toBe(0);
        // Within the tolerance nothing goes back; beyond it the buyers get the shortfall's value, up to the holdback.
        if (contractedKg - measuredKg <= Math.floor((contractedKg * deal.tolerancePercent) / 100)) {
          expect(buyers).toBe(0);
        } else {
          const covered = sum(shortfall.refunds.map((refund) => refund.refundCents));
          const uncovered = sum(shortfall.refunds.map((refund) => refund.uncoveredCents));
          expect(covered + uncovered).toBe(shortfall.valueCents);
          expect(buyers).toBe(covered);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives every order its exact pro-rata share within one cent (largest remainder)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: 1, max: 100_000_000 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          const shares = largestRemainderShares(
            BigInt(total),
            weights.map((weight) => BigInt(weight)),
          );
          expect(sum(shares)).toBe(total);
          const weightSum = sum(weights);
          shares.forEach((share, index) => {
            const exact = (total * weights[index]!) / weightSum;
            expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6);
          });
        },
      ),
    );
  });
});

describe('the holdback arithmetic (examples)', () => {
  it('holds back 10 % of $120,000.01, the seller’s 90 % rounded down', () => {
    expect(computeHoldbackCents(12_000_001, 9_000)).toBe(1_200_001);
    expect(computeHoldbackCents(12_000_001, 10_000)).toBe(0);
  });

  it('refunds a 3 % shortfall beyond a 2 % tolerance pro rata, cents by largest remainder', () => {
    // 10 t + 20 t at $333.33/t: 30 000 kg contracted, 29 100 kg measured (3 % short).
    const result = computeShortfallRefunds({
      orders: [
        { id: 'a', tons: 10, depositedCents: 333_330, heldCents: 33_333 },
        { id: 'b', tons: 20, depositedCents: 666_660, heldCents: 66_666 },
      ],
      measuredKg: 29_100,
      tolerancePercent: 2,
    });
    // 999 990 ¢ × 900 / 30 000 = 29 999.7 → 29 999 ¢; a: 9 999.66… → 9 999 + 1, b: 19 999.33… → 19 999.
    expect(result).toMatchObject({ contractedKg: 30_000, toleranceKg: 600, shortfallKg: 900, valueCents: 29_999 });
    expect(result.refunds.map((refund) => refund.refundCents)).toEqual([10_000, 19_999]);
  });

  it('refunds nothing for a shortfall within the tolerance', () => {
    const result = computeShortfallRefunds({
      orders: [{ id: 'a', tons: 10, depositedCents: 1_000_000, heldCents: 100_000 }],
      measuredKg: 9_500,
      tolerancePercent: 5,
    });
    expect(result.valueCents).toBe(0);
    expect(result.refunds[0]!.refundCents).toBe(0);
  });

  it('caps a refund at what the order still holds and reports the rest as uncovered', () => {
    const result = computeShortfallRefunds({
      orders: [{ id: 'a', tons: 10, depositedCents: 1_000_000, heldCents: 100_000 }],
      measuredKg: 5_000,
      tolerancePercent: 5,
    });
    expect(result.refunds[0]).toMatchObject({ shareCents: 500_000, refundCents: 100_000, uncoveredCents: 400_000 });
  });
});
