import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AllocationLimits,
  availableTons,
  checkOrderVolume,
  defaultOrderTons,
  maxOrderTons,
  minOrderTons,
} from './allocation';

/** Any sensible operation: lots of 1–10 t, a total of whole lots, min ≤ total, cap ≥ min (as the CHECKs demand). */
const arbLimits: fc.Arbitrary<AllocationLimits> = fc
  .record({
    step: fc.integer({ min: 1, max: 10 }),
    lots: fc.integer({ min: 1, max: 40 }),
    minFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    cap: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    allocatedFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    held: fc.integer({ min: 0, max: 400 }),
  })
  .map(({ step, lots, minFraction, cap, allocatedFraction, held }) => {
    const totalTons = step * lots;
    const minVolumeTons = Math.max(1, Math.round(minFraction * totalTons));
    return {
      totalTons,
      lotStepTons: step,
      minVolumeTons,
      maxPerParticipantTons: cap === null ? null : Math.max(minVolumeTons, cap),
      allocatedTons: Math.round(allocatedFraction * totalTons),
      heldByBuyerTons: held,
    };
  });

/** The rule written out plainly, as the reference the implementation must agree with. */
function isValidByDefinition(tons: number, limits: AllocationLimits): boolean {
  const step = limits.lotStepTons!;
  const available = limits.totalTons - limits.allocatedTons;
  const remainingCap =
    limits.maxPerParticipantTons === null ? Infinity : limits.maxPerParticipantTons - (limits.heldByBuyerTons ?? 0);
  const wholeLotsLeft = Math.floor(available / step) * step;
  const minimum = Math.ceil(Math.max(limits.minVolumeTons, step) / step) * step;
  return (
    Number.isInteger(tons) &&
    tons > 0 &&
    tons % step === 0 &&
    tons <= available &&
    tons <= remainingCap &&
    // At least the minimum, unless it takes exactly the last whole lots.
    (tons >= minimum || tons === wholeLotsLeft)
  );
}

describe('allocation rules (property-based)', () => {
  it('accepts exactly the valid volumes', () => {
    fc.assert(
      fc.property(arbLimits, fc.integer({ min: -20, max: 450 }), (limits, tons) => {
        expect(checkOrderVolume(tons, limits) === null).toBe(isValidByDefinition(tons, limits));
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses fractional tons', () => {
    fc.assert(
      fc.property(arbLimits, fc.double({ min: 0.01, max: 400, noNaN: true }), (limits, tons) => {
        fc.pre(!Number.isInteger(tons));
        expect(checkOrderVolume(tons, limits)).not.toBeNull();
      }),
    );
  });

  it('keeps the largest order a whole number of lots within the cap and what is left', () => {
    fc.assert(
      fc.property(arbLimits, (limits) => {
        const max = maxOrderTons(limits);
        expect(max % limits.lotStepTons!).toBe(0);
        expect(max).toBeGreaterThanOrEqual(0);
        expect(max).toBeLessThanOrEqual(availableTons(limits));
        if (limits.maxPerParticipantTons !== null) {
          expect(max).toBeLessThanOrEqual(Math.max(0, limits.maxPerParticipantTons - limits.heldByBuyerTons!));
        }
        // The form's bounds are themselves valid orders whenever ordering is possible at all.
        if (checkOrderVolume(minOrderTons(limits), limits) === null) {
          expect(checkOrderVolume(max, limits)).toBeNull();
          expect(checkOrderVolume(defaultOrderTons(limits, 5), limits)).toBeNull();
        }
      }),
    );
  });

  it('never lets a sequence of accepted orders exceed the total, and fills it when demand allows', () => {
    fc.assert(
      fc.property(
        arbLimits,
        fc.array(fc.record({ buyer: fc.integer({ min: 0, max: 5 }), tons: fc.integer({ min: 0, max: 60 }) }), {
          maxLength: 60,
        }),
        (start, requests) => {
          let allocated = 0;
          const held = new Map<number, number>();
          for (const request of requests) {
            const limits = { ...start, allocatedTons: allocated, heldByBuyerTons: held.get(request.buyer) ?? 0 };
            if (checkOrderVolume(request.tons, limits) === null) {
              allocated += request.tons;
              held.set(request.buyer, (held.get(request.buyer) ?? 0) + request.tons);
            }
            expect(allocated).toBeLessThanOrEqual(start.totalTons);
            for (const tons of held.values()) {
              if (start.maxPerParticipantTons !== null) expect(tons).toBeLessThanOrEqual(start.maxPerParticipantTons);
            }
          }
          // A fresh buyer can always take the last lots (no cap in the way): a deal never gets stuck below total.
          const fresh = { ...start, allocatedTons: allocated, heldByBuyerTons: 0, maxPerParticipantTons: null };
          const max = maxOrderTons(fresh);
          if (max > 0) expect(checkOrderVolume(max, fresh)).toBeNull();
        },
      ),
    );
  });
});
