import { LOT_STEP_TONS } from './constants';

/**
 * The allocation rules of an order, in one place. The server re-checks them
 * inside the transaction that holds the operation's row lock; the web uses
 * them for immediate feedback only.
 */
export interface AllocationLimits {
  totalTons: number;
  allocatedTons: number;
  minVolumeTons: number;
  maxPerParticipantTons: number | null;
  lotStepTons?: number;
}

export function availableTons(limits: Pick<AllocationLimits, 'totalTons' | 'allocatedTons'>): number {
  return Math.max(0, limits.totalTons - limits.allocatedTons);
}

export function maxOrderTons(limits: AllocationLimits): number {
  const available = availableTons(limits);
  const cap = limits.maxPerParticipantTons ?? available;
  const step = limits.lotStepTons ?? LOT_STEP_TONS;
  const max = Math.min(cap, available);
  return max - (max % step);
}

export type OrderVolumeProblem = 'not_integer' | 'not_step' | 'below_min' | 'above_max' | 'sold_out';

export function checkOrderVolume(tons: number, limits: AllocationLimits): OrderVolumeProblem | null {
  const step = limits.lotStepTons ?? LOT_STEP_TONS;
  if (availableTons(limits) < Math.max(step, limits.minVolumeTons)) return 'sold_out';
  if (!Number.isInteger(tons)) return 'not_integer';
  if (tons % step !== 0) return 'not_step';
  if (tons < limits.minVolumeTons) return 'below_min';
  if (tons > maxOrderTons(limits)) return 'above_max';
  return null;
}

/** Participants shown as "x de y": y is how many minimum lots the deal holds. */
export function participantSlots(totalTons: number, containerTons: number, minVolumeTons: number): number {
  const basis = Math.max(minVolumeTons, 1);
  return Math.floor(Math.min(totalTons, containerTons || totalTons) / basis);
}
