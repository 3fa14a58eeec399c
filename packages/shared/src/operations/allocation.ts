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
  /**
   * Tons the ordering buyer already holds in the operation (the sum of their
   * live orders): the per-participant cap applies to the buyer, not to each order.
   */
  heldByBuyerTons?: number;
}

function stepOf(limits: Pick<AllocationLimits, 'lotStepTons'>): number {
  return limits.lotStepTons ?? LOT_STEP_TONS;
}

function floorToStep(tons: number, step: number): number {
  return Math.max(0, tons - (tons % step));
}

export function availableTons(limits: Pick<AllocationLimits, 'totalTons' | 'allocatedTons'>): number {
  return Math.max(0, limits.totalTons - limits.allocatedTons);
}

/** What the per-participant cap still lets this buyer take (Infinity without a cap). */
export function remainingCapTons(limits: AllocationLimits): number {
  if (limits.maxPerParticipantTons === null) return Number.POSITIVE_INFINITY;
  return Math.max(0, limits.maxPerParticipantTons - (limits.heldByBuyerTons ?? 0));
}

/** The largest order: the lesser of the buyer's remaining cap and what is left, down to a whole lot. */
export function maxOrderTons(limits: AllocationLimits): number {
  return floorToStep(Math.min(remainingCapTons(limits), availableTons(limits)), stepOf(limits));
}

/**
 * The smallest order: min_volume rounded up to a whole lot — except for the last
 * tons of a deal: when fewer than that remain, an order may take exactly what
 * remains (whole lots), so a deal can always fill up to its total.
 */
export function minOrderTons(limits: AllocationLimits): number {
  const step = stepOf(limits);
  const minimum = Math.max(step, Math.ceil(limits.minVolumeTons / step) * step);
  const left = floorToStep(availableTons(limits), step);
  return left > 0 ? Math.min(minimum, left) : minimum;
}

export type OrderVolumeProblem = 'not_integer' | 'not_step' | 'below_min' | 'above_max' | 'sold_out' | 'cap_reached';

/** Whether anyone can still order: at least one whole lot is left. */
export function isSoldOut(limits: AllocationLimits): boolean {
  return floorToStep(availableTons(limits), stepOf(limits)) === 0;
}

/** The problem with an order of `tons`, or null when it may be placed. */
export function checkOrderVolume(tons: number, limits: AllocationLimits): OrderVolumeProblem | null {
  const step = stepOf(limits);
  if (isSoldOut(limits)) return 'sold_out';
  if (maxOrderTons(limits) < minOrderTons(limits)) return 'cap_reached';
  if (!Number.isInteger(tons)) return 'not_integer';
  if (tons % step !== 0) return 'not_step';
  if (tons < minOrderTons(limits)) return 'below_min';
  if (tons > maxOrderTons(limits)) return 'above_max';
  return null;
}

/** The order form's default volume: DEFAULT (5 t) when allowed, else the nearest allowed one. */
export function defaultOrderTons(limits: AllocationLimits, preferred: number): number {
  const min = minOrderTons(limits);
  const max = maxOrderTons(limits);
  if (max < min) return min;
  return Math.min(Math.max(floorToStep(preferred, stepOf(limits)), min), max);
}

/** Participants shown as "x de y": y is how many minimum lots the deal holds. */
export function participantSlots(totalTons: number, containerTons: number, minVolumeTons: number): number {
  const basis = Math.max(minVolumeTons, 1);
  return Math.floor(Math.min(totalTons, containerTons || totalTons) / basis);
}
