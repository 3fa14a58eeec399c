import {
  type OperationRoomResponse,
  type OperationMilestoneKind,
  hasReached,
  isTerminalStatus,
} from '@tradeops/shared';

export type TimelineStepKey = 'confirmed' | 'allocation' | 'funded' | OperationMilestoneKind;
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
  /** The company that recorded the step's milestone. */
  recordedBy: string | null;
}

/**
 * The waiting page's timeline (spec §2): order confirmed (completed once
 * the caller's payment is confirmed, current before), full allocation (every ton
 * reserved: the deal reached `allocated` in the shared state table), full funding
 * (every reserved ton paid and held in escrow: it reached `funded`), then shipment
 * preparation, departure and arrival from the recorded milestones, and after them
 * the lifecycle's inspection and settlement (docs/architecture.md, Domain) — the first step not done
 * is current, so a deal filled by an unpaid order waits on its funding, not on its
 * shipment. A deal that left the road (expired, cancelled) has no current step.
 * The seller and admins, who have no order, see the timeline from the allocation on.
 */
export function buildTimeline(room: Pick<OperationRoomResponse, 'operation' | 'milestones' | 'order'>): TimelineStep[] {
  const { status } = room.operation;
  const hasLeftRoad = isTerminalStatus(status) && status !== 'settled';
  const milestones = new Map(room.milestones.map((milestone) => [milestone.kind, milestone]));
  const stateOf = (isDone: boolean, isPreviousDone: boolean): TimelineStepState =>
    isDone ? 'completed' : isPreviousDone && !hasLeftRoad ? 'current' : 'upcoming';
  const plain = { doneAt: null, expectedOn: null, result: null, hasDocument: false, recordedBy: null };

  const steps: TimelineStep[] = [];
  if (room.order) {
    const isPaid = room.order.paymentStatus === 'confirmed';
    steps.push({ ...plain, key: 'confirmed', state: stateOf(isPaid, true), doneAt: room.order.confirmedAt });
  }
  // A deal that ended keeps what it had reached: its tons, and its shipment once prepared.
  const isAllocated =
    hasReached(status, 'allocated') || (hasLeftRoad && room.operation.allocatedTons >= room.operation.totalTons);
  const isFunded = hasReached(status, 'funded') || (hasLeftRoad && milestones.has('shipment_preparation'));
  steps.push({ ...plain, key: 'allocation', state: stateOf(isAllocated, true) });
  steps.push({ ...plain, key: 'funded', state: stateOf(isFunded, isAllocated) });

  const logistics: { key: OperationMilestoneKind; expectedOn: string | null }[] = [
    { key: 'shipment_preparation', expectedOn: null },
    { key: 'departure', expectedOn: room.operation.expectedDeparture },
    { key: 'arrival', expectedOn: room.operation.expectedArrival },
    { key: 'inspection', expectedOn: null },
    { key: 'settlement', expectedOn: null },
  ];
  let previousDone = isFunded;
  for (const step of logistics) {
    const milestone = milestones.get(step.key);
    const state: TimelineStepState =
      milestone?.result === 'failed' ? 'failed' : stateOf(milestone !== undefined, previousDone);
    steps.push({
      key: step.key,
      state,
      doneAt: milestone?.occurredAt ?? null,
      expectedOn: milestone ? null : step.expectedOn,
      result: milestone?.result ?? null,
      hasDocument: milestone?.hasDocument ?? false,
      recordedBy: milestone?.recordedBy ?? null,
    });
    previousDone = milestone !== undefined;
  }
  return steps;
}
