import { describe, expect, it } from 'vitest';
import { nextLifecycleStep } from '../lifecycle/schemas';
import { FINAL_OPERATION_STATUSES, OPERATION_STATUSES, type OperationStatus } from './constants';
import {
  OPERATION_EVENTS,
  OPERATION_PROGRESS_PATH,
  OPERATION_STATE_TABLE,
  type OperationEvent,
  canApply,
  eventsFrom,
  hasReached,
  isTerminalStatus,
  nextStatus,
  progressSteps,
  statusesAccepting,
} from './state-machine';

/** The whole table, written out once more: a change to the table must change this test on purpose. */
const EXPECTED: [OperationStatus, OperationEvent, OperationStatus][] = [
  ['pending', 'approve', 'active'],
  ['pending', 'reject', 'rejected'],
  ['pending', 'cancel', 'cancelled'],
  ['rejected', 'resubmit', 'pending'],
  ['rejected', 'cancel', 'cancelled'],
  ['active', 'fill', 'allocated'],
  ['active', 'expire', 'expired'],
  ['active', 'cancel', 'cancelled'],
  ['allocated', 'free_tons', 'active'],
  ['allocated', 'fund', 'funded'],
  ['allocated', 'cancel', 'cancelled'],
  ['funded', 'free_tons', 'active'],
  ['funded', 'prepare_shipment', 'shipment_preparation'],
  ['funded', 'cancel', 'cancelled'],
  ['shipment_preparation', 'depart', 'in_transit'],
  ['shipment_preparation', 'cancel', 'cancelled'],
  ['in_transit', 'arrive', 'arrived'],
  ['arrived', 'pass_inspection', 'inspected'],
  ['arrived', 'fail_inspection', 'disputed'],
  ['arrived', 'open_dispute', 'disputed'],
  ['inspected', 'settle', 'settled'],
  ['inspected', 'open_dispute', 'disputed'],
  ['disputed', 'decide_dispute', 'settled'],
];

describe('operation state machine', () => {
  it('has a row for every status, funded and disputed among them', () => {
    expect(Object.keys(OPERATION_STATE_TABLE).sort()).toEqual([...OPERATION_STATUSES].sort());
    expect(OPERATION_STATUSES).toContain('funded');
    expect(OPERATION_STATUSES).toContain('disputed');
  });

  it('accepts exactly the listed moves and refuses every other (status, event) pair', () => {
    const expected = new Map(EXPECTED.map(([from, event, to]) => [`${from}:${event}`, to]));
    for (const status of OPERATION_STATUSES) {
      for (const event of OPERATION_EVENTS) {
        const to = expected.get(`${status}:${event}`) ?? null;
        expect(nextStatus(status, event), `${status} --${event}-->`).toBe(to);
        expect(canApply(status, event)).toBe(to !== null);
      }
    }
  });

  it('uses every event somewhere', () => {
    for (const event of OPERATION_EVENTS) expect(statusesAccepting(event), event).not.toHaveLength(0);
  });

  it('lists the events of a status in the order of OPERATION_EVENTS', () => {
    expect(eventsFrom('allocated')).toEqual(['free_tons', 'fund', 'cancel']);
    expect(eventsFrom('funded')).toEqual(['free_tons', 'prepare_shipment', 'cancel']);
    expect(eventsFrom('settled')).toEqual([]);
  });

  it('prepares the shipment only from funded, never straight from allocated', () => {
    expect(statusesAccepting('prepare_shipment')).toEqual(['funded']);
    expect(canApply('allocated', 'prepare_shipment')).toBe(false);
  });

  it('gives freed tons back to the open deal from allocated and funded only', () => {
    expect(statusesAccepting('free_tons')).toEqual(['allocated', 'funded']);
  });

  it('expires only an open deal and cancels only before the goods leave', () => {
    expect(statusesAccepting('expire')).toEqual(['active']);
    expect(statusesAccepting('cancel')).toEqual([
      'pending',
      'active',
      'allocated',
      'funded',
      'shipment_preparation',
      'rejected',
    ]);
  });

  it('ends in settled, expired and cancelled, and never leaves them', () => {
    const terminal = OPERATION_STATUSES.filter(isTerminalStatus);
    expect(terminal.sort()).toEqual(['cancelled', 'expired', 'settled']);
    for (const status of FINAL_OPERATION_STATUSES.filter((s) => s !== 'rejected')) {
      expect(isTerminalStatus(status)).toBe(true);
    }
  });

  it('reaches every status from pending', () => {
    const seen = new Set<OperationStatus>(['pending']);
    const queue: OperationStatus[] = ['pending'];
    while (queue.length > 0) {
      const status = queue.shift()!;
      for (const event of eventsFrom(status)) {
        const to = nextStatus(status, event)!;
        if (!seen.has(to)) {
          seen.add(to);
          queue.push(to);
        }
      }
    }
    expect([...seen].sort()).toEqual([...OPERATION_STATUSES].sort());
  });

  it('names the next lifecycle step from the table', () => {
    expect(nextLifecycleStep('allocated')).toBeNull();
    expect(nextLifecycleStep('funded')).toBe('shipment_preparation');
    expect(nextLifecycleStep('shipment_preparation')).toBe('departure');
    expect(nextLifecycleStep('in_transit')).toBe('arrival');
    expect(nextLifecycleStep('arrived')).toBe('inspection');
    expect(nextLifecycleStep('inspected')).toBeNull();
    expect(nextLifecycleStep('disputed')).toBeNull();
  });
});

describe('progressSteps', () => {
  it('completes the steps before the status, stands on it, and leaves the rest upcoming', () => {
    const steps = progressSteps('funded');
    expect(steps.map((step) => step.status)).toEqual([...OPERATION_PROGRESS_PATH]);
    expect(steps.map((step) => step.state)).toEqual([
      'completed',
      'completed',
      'completed',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
  });

  it('completes every step of a settled deal', () => {
    expect(progressSteps('settled').every((step) => step.state === 'completed')).toBe(true);
  });

  it('puts a dispute where the inspection stands', () => {
    expect(progressSteps('disputed').find((step) => step.state === 'current')?.status).toBe('inspected');
  });

  it('has no current step for a deal that left the road', () => {
    for (const status of ['rejected', 'expired', 'cancelled'] as const) {
      expect(progressSteps(status).every((step) => step.state === 'upcoming')).toBe(true);
    }
  });

  it('tells whether a deal reached a step', () => {
    expect(hasReached('funded', 'allocated')).toBe(true);
    expect(hasReached('allocated', 'funded')).toBe(false);
    expect(hasReached('cancelled', 'active')).toBe(false);
  });
});
