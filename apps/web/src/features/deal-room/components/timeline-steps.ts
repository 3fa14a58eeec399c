import { type DealRoomResponse } from '@tradeops/shared';

export type TimelineStepKey = 'confirmed' | 'allocation' | 'shipment_preparation' | 'departure' | 'arrival';
export type TimelineStepState = 'completed' | 'current' | 'upcoming';

export interface TimelineStep {
  key: TimelineStepKey;
  state: TimelineStepState;
  /** When it happened (a milestone's date), for completed logistics steps. */
  doneAt: string | null;
  /** The operation's expected date, for logistics steps not reached yet. */
  expectedOn: string | null;
}

/**
 * The waiting page's timeline (spec §2): participation confirmed (completed once
 * the caller's payment is confirmed, current before), full allocation (completed
 * when allocated tons equal total tons, otherwise current), then shipment
 * preparation, departure and arrival from the recorded milestones — the first
 * one not recorded is current once the deal is fully allocated. The seller and
 * admins, who have no order, see the timeline from the allocation on.
 */
export function buildTimeline(
  room: Pick<DealRoomResponse, 'operation' | 'milestones' | 'participation'>,
): TimelineStep[] {
  const steps: TimelineStep[] = [];
  if (room.participation) {
    steps.push({
      key: 'confirmed',
      state: room.participation.payment_status === 'confirmed' ? 'completed' : 'current',
      doneAt: room.participation.confirmed_at,
      expectedOn: null,
    });
  }
  const isAllocated = room.operation.allocated_tons >= room.operation.total_tons;
  steps.push({ key: 'allocation', state: isAllocated ? 'completed' : 'current', doneAt: null, expectedOn: null });

  const milestoneAt = new Map(room.milestones.map((milestone) => [milestone.kind, milestone.occurred_at]));
  const logistics = [
    { key: 'shipment_preparation', expectedOn: null },
    { key: 'departure', expectedOn: room.operation.expected_departure },
    { key: 'arrival', expectedOn: room.operation.expected_arrival },
  ] as const;
  let previousDone = isAllocated;
  for (const step of logistics) {
    const doneAt = milestoneAt.get(step.key) ?? null;
    const state: TimelineStepState = doneAt ? 'completed' : previousDone ? 'current' : 'upcoming';
    steps.push({ key: step.key, state, doneAt, expectedOn: doneAt ? null : step.expectedOn });
    previousDone = doneAt !== null;
  }
  return steps;
}
