import { type OperationStatus, OPERATION_STATUSES } from './constants';

/**
 * Everything that can happen to an operation (docs/architecture.md, Domain). The server's operation aggregate is the only
 * place that applies them; the web reads the same table to draw a deal's progress and the actions left.
 */
export const OPERATION_EVENTS = [
  /** An admin approves the seller's offer. */
  'approve',
  /** An admin rejects the seller's offer (with a reason). */
  'reject',
  /** The seller edits a rejected offer: it goes back to the admins' queue. */
  'resubmit',
  /** An order takes the last free ton. */
  'fill',
  /** An order or an offer gives tons back (cancelled, expired, refunded): the deal is open again. */
  'free_tons',
  /** The last allocated ton is paid and held in escrow. */
  'fund',
  'prepare_shipment',
  'depart',
  'arrive',
  'pass_inspection',
  'fail_inspection',
  /** A participant opens a dispute within the window after arrival: settlement waits for its decision. */
  'open_dispute',
  /** An admin ends the open dispute (release, refund or partial). */
  'decide_dispute',
  /** The fund retention after a passed inspection has run: escrow goes to the seller. */
  'settle',
  /** The deadline passed while the deal was still open. */
  'expire',
  /** An admin cancels, or the seller withdraws, before the goods leave. */
  'cancel',
] as const;
export type OperationEvent = (typeof OPERATION_EVENTS)[number];

/** The one state table: status → event → the status it leads to. Anything not listed is refused. */
export const OPERATION_STATE_TABLE: Readonly<
  Record<OperationStatus, Readonly<Partial<Record<OperationEvent, OperationStatus>>>>
> = {
  pending: { approve: 'active', reject: 'rejected', cancel: 'cancelled' },
  rejected: { resubmit: 'pending', cancel: 'cancelled' },
  active: { fill: 'allocated', expire: 'expired', cancel: 'cancelled' },
  allocated: { free_tons: 'active', fund: 'funded', cancel: 'cancelled' },
  funded: { free_tons: 'active', prepare_shipment: 'shipment_preparation', cancel: 'cancelled' },
  shipment_preparation: { depart: 'in_transit', cancel: 'cancelled' },
  in_transit: { arrive: 'arrived' },
  arrived: { pass_inspection: 'inspected', fail_inspection: 'disputed', open_dispute: 'disputed' },
  inspected: { settle: 'settled', open_dispute: 'disputed' },
  disputed: { decide_dispute: 'settled' },
  settled: {},
  expired: {},
  cancelled: {},
};

/** The status `event` leads to from `status`, or null when the table refuses it. */
export function nextStatus(status: OperationStatus, event: OperationEvent): OperationStatus | null {
  return OPERATION_STATE_TABLE[status][event] ?? null;
}

export function canApply(status: OperationStatus, event: OperationEvent): boolean {
  return nextStatus(status, event) !== null;
}

/** The events the table accepts from `status`, in the order of OPERATION_EVENTS. */
export function eventsFrom(status: OperationStatus): OperationEvent[] {
  return OPERATION_EVENTS.filter((event) => canApply(status, event));
}

/** The statuses `event` can be applied from. */
export function statusesAccepting(event: OperationEvent): OperationStatus[] {
  return OPERATION_STATUSES.filter((status) => canApply(status, event));
}

/** A status no event leaves: the deal holds and moves no more money. */
export function isTerminalStatus(status: OperationStatus): boolean {
  return eventsFrom(status).length === 0;
}

/**
 * The main road of a deal, from the seller's offer to its settlement. A dispute is a detour between
 * the inspection and the settlement; rejected, expired and cancelled leave the road.
 */
export const OPERATION_PROGRESS_PATH = [
  'pending',
  'active',
  'allocated',
  'funded',
  'shipment_preparation',
  'in_transit',
  'arrived',
  'inspected',
  'settled',
] as const satisfies readonly OperationStatus[];
export type OperationProgressStatus = (typeof OPERATION_PROGRESS_PATH)[number];

export type ProgressStepState = 'completed' | 'current' | 'upcoming';
export interface ProgressStep {
  status: OperationProgressStatus;
  state: ProgressStepState;
}

/** Where a detour or an exit sits on the road: a dispute stands where the inspection does. */
const PROGRESS_POSITION: Partial<Record<OperationStatus, OperationProgressStatus>> = {
  disputed: 'inspected',
};

/**
 * A deal's progress along OPERATION_PROGRESS_PATH: the steps before its status completed, its status
 * current (a settled deal has every step completed), the rest upcoming. A deal that left the road
 * (rejected, expired, cancelled) has no current step: nothing ahead of it will happen.
 */
export function progressSteps(status: OperationStatus): ProgressStep[] {
  const position = PROGRESS_POSITION[status] ?? status;
  const index = (OPERATION_PROGRESS_PATH as readonly OperationStatus[]).indexOf(position);
  return OPERATION_PROGRESS_PATH.map((step, i) => ({
    status: step,
    state:
      index < 0 ? 'upcoming' : i < index || status === 'settled' ? 'completed' : i === index ? 'current' : 'upcoming',
  }));
}

/** Whether a deal has reached `step` of the road (completed it or stands on it). */
export function hasReached(status: OperationStatus, step: OperationProgressStatus): boolean {
  return progressSteps(status).some((s) => s.status === step && s.state !== 'upcoming');
}
