import { describe, expect, it } from 'vitest';
import { availableTons, checkOrderVolume, maxOrderTons, participantSlots } from './allocation';

const featured = { totalTons: 25, allocatedTons: 10, minVolumeTons: 5, maxPerParticipantTons: 25 };

describe('allocation rules', () => {
  it('computes available tons of the featured deal as 15', () => {
    expect(availableTons(featured)).toBe(15);
  });

  it('caps an order at the lesser of the per-participant cap and what is left', () => {
    expect(maxOrderTons(featured)).toBe(15);
    expect(maxOrderTons({ ...featured, maxPerParticipantTons: 10 })).toBe(10);
  });

  it('accepts multiples of the lot step within the limits', () => {
    expect(checkOrderVolume(5, featured)).toBeNull();
    expect(checkOrderVolume(15, featured)).toBeNull();
  });

  it('names the problem of a bad volume', () => {
    expect(checkOrderVolume(7, featured)).toBe('not_step');
    expect(checkOrderVolume(2.5, featured)).toBe('not_integer');
    expect(checkOrderVolume(0, featured)).toBe('below_min');
    expect(checkOrderVolume(20, featured)).toBe('above_max');
    expect(checkOrderVolume(5, { ...featured, allocatedTons: 25 })).toBe('sold_out');
  });

  it('reads the featured deal as five participant slots', () => {
    expect(participantSlots(25, 25, 5)).toBe(5);
  });
});
