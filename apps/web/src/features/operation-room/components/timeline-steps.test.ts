import { type OperationRoomResponse } from '@tradeops/shared';
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline-steps';

function room(overrides: {
  allocated?: number;
  status?: OperationRoomResponse['operation']['status'];
  payment?: 'pending' | 'verification' | 'confirmed' | 'rejected' | null;
  milestones?: OperationRoomResponse['milestones'];
}): Pick<OperationRoomResponse, 'operation' | 'milestones' | 'order'> {
  const payment = overrides.payment === undefined ? 'confirmed' : overrides.payment;
  return {
    operation: {
      id: '00000000-0000-4000-8000-000000000001',
      title: 'Leche en polvo',
      productName: 'Milk Powder',
      originCountry: 'UY',
      destinationCountry: 'VE',
      arrivalPort: 'La Guaira',
      // The status the tons imply, unless given: full is allocated, with milestones the latest step.
      status: overrides.status ?? statusOf(overrides.allocated ?? 10, overrides.milestones ?? []),
      totalTons: 25,
      allocatedTons: overrides.allocated ?? 10,
      availableTons: 25 - (overrides.allocated ?? 10),
      participants: 2,
      expectedDeparture: '2026-03-01',
      expectedArrival: '2026-04-01',
    },
    milestones: overrides.milestones ?? [],
    order: payment
      ? {
          id: '00000000-0000-4000-8000-000000000002',
          volume: 5,
          amountCents: 2_150_000,
          paymentMethod: 'wire',
          paymentStatus: payment,
          status: 'active',
          escrowState: payment === 'confirmed' ? 'held' : 'none',
          notificationsEnabled: true,
          createdAt: '2026-01-01T00:00:00.000Z',
          confirmedAt: payment === 'confirmed' ? '2026-01-02T00:00:00.000Z' : null,
          refundedCents: 0,
          releasedCents: 0,
          paidOutAt: null,
        }
      : null,
  };
}

function statusOf(
  allocated: number,
  milestones: OperationRoomResponse['milestones'],
): OperationRoomResponse['operation']['status'] {
  const kinds = new Set(milestones.map((m) => m.kind));
  if (kinds.has('settlement')) return 'settled';
  if (kinds.has('inspection')) return 'inspected';
  if (kinds.has('arrival')) return 'arrived';
  if (kinds.has('departure')) return 'in_transit';
  if (kinds.has('shipment_preparation')) return 'shipment_preparation';
  return allocated >= 25 ? 'funded' : 'active';
}

const states = (steps: ReturnType<typeof buildTimeline>) => steps.map((step) => `${step.key}:${step.state}`);

describe('buildTimeline', () => {
  it('keeps full allocation current until allocated tons equal total tons', () => {
    expect(states(buildTimeline(room({ allocated: 20 })))).toEqual([
      'confirmed:completed',
      'allocation:current',
      'funded:upcoming',
      'shipment_preparation:upcoming',
      'departure:upcoming',
      'arrival:upcoming',
      'inspection:upcoming',
      'settlement:upcoming',
    ]);
    expect(states(buildTimeline(room({ allocated: 25 })))).toEqual([
      'confirmed:completed',
      'allocation:completed',
      'funded:completed',
      'shipment_preparation:current',
      'departure:upcoming',
      'arrival:upcoming',
      'inspection:upcoming',
      'settlement:upcoming',
    ]);
  });

  it('keeps the funding current, and the shipment upcoming, while a full deal has unpaid tons', () => {
    // A second buyer took the last tons without paying: allocated, not funded (shared state table).
    expect(states(buildTimeline(room({ allocated: 25, status: 'allocated', payment: 'verification' })))).toEqual([
      'confirmed:current',
      'allocation:completed',
      'funded:current',
      'shipment_preparation:upcoming',
      'departure:upcoming',
      'arrival:upcoming',
      'inspection:upcoming',
      'settlement:upcoming',
    ]);
  });

  it('shows nothing as current on a deal that left the road', () => {
    const steps = buildTimeline(room({ allocated: 25, status: 'cancelled', payment: 'verification' }));
    expect(steps.filter((step) => step.state === 'current')).toEqual([]);
    expect(states(steps).slice(1, 3)).toEqual(['allocation:completed', 'funded:upcoming']);
  });

  it('shows the order as current until the payment is confirmed', () => {
    expect(states(buildTimeline(room({ payment: 'verification' })))[0]).toBe('confirmed:current');
  });

  it('completes logistics steps from milestones, with their dates, and shows expected dates ahead', () => {
    const steps = buildTimeline(
      room({
        allocated: 25,
        milestones: [
          { kind: 'shipment_preparation', occurredAt: '2026-02-01T00:00:00.000Z', result: null, hasDocument: false },
          { kind: 'departure', occurredAt: '2026-03-02T00:00:00.000Z', result: null, hasDocument: true },
        ],
      }),
    );
    expect(states(steps).slice(3)).toEqual([
      'shipment_preparation:completed',
      'departure:completed',
      'arrival:current',
      'inspection:upcoming',
      'settlement:upcoming',
    ]);
    expect(steps[4]).toMatchObject({ doneAt: '2026-03-02T00:00:00.000Z', expectedOn: null, hasDocument: true });
    expect(steps[5]).toMatchObject({ doneAt: null, expectedOn: '2026-04-01', hasDocument: false });
  });

  it('goes on past the arrival to the inspection (its result and report) and the settlement', () => {
    const milestone = (kind: OperationRoomResponse['milestones'][number]['kind'], day: string, extra = {}) => ({
      kind,
      occurredAt: `2026-03-${day}T12:00:00.000Z`,
      result: null,
      hasDocument: false,
      ...extra,
    });
    const inspected = room({
      allocated: 25,
      milestones: [
        milestone('shipment_preparation', '01'),
        milestone('departure', '02', { hasDocument: true }),
        milestone('arrival', '20'),
        milestone('inspection', '21', { result: 'passed', hasDocument: true }),
      ],
    });
    const steps = buildTimeline(inspected);
    expect(states(steps).slice(-2)).toEqual(['inspection:completed', 'settlement:current']);
    expect(steps.at(-2)).toMatchObject({ result: 'passed', hasDocument: true, doneAt: '2026-03-21T12:00:00.000Z' });

    const settled = buildTimeline({
      ...inspected,
      milestones: [...inspected.milestones, milestone('settlement', '22', { result: 'released' })],
    });
    expect(settled.every((step) => step.state === 'completed')).toBe(true);
    expect(settled.at(-1)).toMatchObject({ key: 'settlement', result: 'released', hasDocument: false });
  });

  it('starts at the allocation for the seller and admins (no order of their own)', () => {
    expect(states(buildTimeline(room({ payment: null })))[0]).toBe('allocation:current');
  });
});
