import { type DealRoomResponse, type OperationMilestoneKind } from '@tradeops/shared';

export type TimelineStepKey = 'confirmed' | 'allocation' | OperationMilestoneKind;
/** `failed`: a recorded step that did not pass (a failed inspection): done, but not as agreed. */
export type TimelineStepState = 'completed' | 'failed' | 'current' | 'upcoming';

export interface TimelineStep {
  key: TimelineStepKey;
  state: TimelineStepState;
  /** When it happened (a milestone's date), for completed logistics steps. */
  doneAt: string | null;
  /** The operation's expected date, for logistics steps not reached yet. */
  expectedOn: string | null;
  /** The recorded outcome: inspection passed | failed, settlement released | refund | partial. */
  result: string | null;
  /** A document is attached to the step's milestone (bill of lading, inspection report…). */
  hasDocument: boolean;
}

/**
 * The waiting page's timeline (spec §2): participation confirmed (completed once
 * the caller's payment is confirmed, current before), full allocation (completed
 * when allocated tons equal total tons, otherwise current), then shipment
 * preparation, departure and arrival from the recorded milestones, and after
 * them the lifecycle's inspection and settlement (DESIGN §2) — the first one not
 * recorded is current once the deal is fully allocated. The seller and admins,
 * who have no order, see the timeline from the allocation on.
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
      result: null,
      hasDocument: false,
    });
  }
  const isAllocated = room.operation.allocated_tons >= room.operation.total_tons;
  steps.push({
    key: 'allocation',
    state: isAllocated ? 'completed' : 'current',
    doneAt: null,
    expectedOn: null,
    result: null,
    hasDocument: false,
  });

  const milestones = new Map(room.milestones.map((milestone) => [milestone.kind, milestone]));
  const logistics: { key: OperationMilestoneKind; expectedOn: string | null }[] = [
    { key: 'shipment_preparation', expectedOn: null },
    { key: 'departure', expectedOn: room.operation.expected_departure },
    { key: 'arrival', expectedOn: room.operation.expected_arrival },
    { key: 'inspection', expectedOn: null },
    { key: 'settlement', expectedOn: null },
  ];
  let previousDone = isAllocated;
  for (const step of logistics) {
    const milestone = milestones.get(step.key);
    const state: TimelineStepState = milestone
      ? milestone.result === 'failed'
        ? 'failed'
        : 'completed'
      : previousDone
        ? 'current'
        : 'upcoming';
    steps.push({
      key: step.key,
      state,
      doneAt: milestone?.occurred_at ?? null,
      expectedOn: milestone ? null : step.expectedOn,
      result: milestone?.result ?? null,
      hasDocument: milestone?.has_document ?? false,
    });
    previousDone = milestone !== undefined;
  }
  return steps;
}
