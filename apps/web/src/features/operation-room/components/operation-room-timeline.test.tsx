import { type OperationRoomResponse, NOTHING_OUTSTANDING } from '@tradeops/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { OperationRoomTimeline } from './operation-room-timeline';

const OPERATION_ID = '00000000-0000-4000-8000-000000000001';

type Milestone = OperationRoomResponse['milestones'][number];
const milestone = (kind: Milestone['kind'], occurredAt: string, extra: Partial<Milestone> = {}): Milestone => ({
  kind,
  occurredAt: occurredAt,
  result: null,
  hasDocument: false,
  ...extra,
});

function settledRoom(milestones: Milestone[]): OperationRoomResponse {
  return {
    operation: {
      id: OPERATION_ID,
      title: 'Café verde',
      productName: 'Green Coffee',
      originCountry: 'CO',
      destinationCountry: 'ES',
      arrivalPort: 'Valencia',
      status: 'settled',
      totalTons: 30,
      allocatedTons: 30,
      availableTons: 0,
      participants: 3,
      expectedDeparture: '2026-03-01',
      expectedArrival: '2026-04-01',
    },
    milestones,
    order: {
      id: '00000000-0000-4000-8000-000000000002',
      volume: 10,
      amountCents: 2_450_000,
      paymentMethod: 'wire',
      paymentStatus: 'confirmed',
      status: 'active',
      escrowState: 'released',
      notificationsEnabled: true,
      createdAt: '2026-02-01T09:00:00.000Z',
      confirmedAt: '2026-02-02T09:00:00.000Z',
      refundedCents: 0,
      releasedCents: 2_450_000,
      paidOutAt: '2026-03-30T15:00:00.000Z',
    },
    viewerRole: 'participant',
    dispute: null,
    disputeWindow: { canOpen: false, canAddEvidence: false, closesAt: null },
    outstanding: { ...NOTHING_OUTSTANDING },
  };
}

const ALL_STEPS = [
  milestone('shipment_preparation', '2026-03-01T12:00:00.000Z'),
  milestone('departure', '2026-03-02T12:00:00.000Z', { hasDocument: true }),
  milestone('arrival', '2026-03-28T12:00:00.000Z'),
  milestone('inspection', '2026-03-29T12:00:00.000Z', { result: 'passed', hasDocument: true }),
  milestone('settlement', '2026-03-30T15:00:00.000Z', { result: 'released' }),
];

describe('OperationRoomTimeline', () => {
  it('shows every step of a settled deal with its date, outcome and documents', () => {
    renderWithProviders(<OperationRoomTimeline room={settledRoom(ALL_STEPS)} />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.testid)).toEqual([
      'timeline-confirmed',
      'timeline-allocation',
      'timeline-funded',
      'timeline-shipment_preparation',
      'timeline-departure',
      'timeline-arrival',
      'timeline-inspection',
      'timeline-settlement',
    ]);
    for (const item of items) expect(item).toHaveAttribute('data-state', 'completed');

    const departure = screen.getByTestId('timeline-departure');
    expect(departure).toHaveTextContent('Completado el 2 de marzo de 2026');
    const billOfLading = within(departure).getByRole('link', { name: /Ver el conocimiento de embarque/ });
    expect(billOfLading).toHaveAttribute('href', `/api/operations/${OPERATION_ID}/milestones/departure/document`);
    expect(billOfLading).toHaveAttribute('target', '_blank');

    const inspection = screen.getByTestId('timeline-inspection');
    expect(inspection).toHaveTextContent('Completado el 29 de marzo de 2026');
    expect(inspection).toHaveTextContent('Inspección aprobada');
    expect(within(inspection).getByRole('link', { name: /Ver el informe de inspección/ })).toHaveAttribute(
      'href',
      `/api/operations/${OPERATION_ID}/milestones/inspection/document`,
    );

    const settlement = screen.getByTestId('timeline-settlement');
    expect(settlement).toHaveTextContent('Liquidación');
    expect(settlement).toHaveTextContent('Completado el 30 de marzo de 2026');
    expect(settlement).toHaveTextContent('Fondos liberados al vendedor');
    // Steps without a document have no link.
    for (const key of ['shipment_preparation', 'arrival', 'settlement']) {
      expect(within(screen.getByTestId(`timeline-${key}`)).queryByRole('link')).toBeNull();
    }
  });

  it('names the documents in English and marks the settlement current after the inspection', async () => {
    await setLanguage('en');
    renderWithProviders(<OperationRoomTimeline room={settledRoom(ALL_STEPS.slice(0, 4))} />);
    expect(screen.getByTestId('timeline-settlement')).toHaveAttribute('data-state', 'current');
    expect(screen.getByRole('link', { name: /View the bill of lading/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View the inspection report/ })).toBeInTheDocument();
    expect(screen.getByTestId('timeline-inspection')).toHaveTextContent('Inspection passed');
  });

  it('shows a failed inspection as failed, in red and in words, not as a completed step', async () => {
    const failed = [
      ...ALL_STEPS.slice(0, 3),
      milestone('inspection', '2026-03-29T12:00:00.000Z', { result: 'failed', hasDocument: true }),
    ];
    renderWithProviders(<OperationRoomTimeline room={settledRoom(failed)} />);
    const inspection = screen.getByTestId('timeline-inspection');
    expect(inspection).toHaveAttribute('data-state', 'failed');
    expect(inspection).toHaveTextContent('Inspección No superada');
    expect(inspection).toHaveTextContent('Inspección no superada');
    expect(inspection).not.toHaveTextContent('Completado');
    expect(inspection).not.toHaveTextContent('revisa el caso');
    expect(within(inspection).getByText('No superada')).toHaveClass('text-rose-800');
    // The settlement (the dispute's decision) is what comes next.
    expect(screen.getByTestId('timeline-settlement')).toHaveAttribute('data-state', 'current');

    await setLanguage('en');
    expect(await within(screen.getByTestId('timeline-inspection')).findByText('Failed')).toBeInTheDocument();
    expect(screen.getByTestId('timeline-inspection')).toHaveTextContent('Inspection failed');
  });

  it('draws a full but unpaid deal as allocated, funding in progress and the shipment pending, in Spanish', () => {
    const room = settledRoom([]);
    room.operation.status = 'allocated';
    room.order = {
      ...room.order!,
      paymentStatus: 'verification',
      escrowState: 'none',
      confirmedAt: null,
    };
    room.outstanding = { ...room.outstanding, unpaidTons: 10, unpaidAmountCents: 2_450_000 };
    renderWithProviders(<OperationRoomTimeline room={room} />);
    expect(screen.getByTestId('timeline-allocation')).toHaveTextContent('Asignación completa Completado');
    const funded = screen.getByTestId('timeline-funded');
    expect(funded).toHaveAttribute('data-state', 'current');
    expect(funded).toHaveTextContent('Fondos completos En curso');
    expect(funded).toHaveTextContent('20 de 30 t pagadas y en escrow');
    expect(screen.getByTestId('timeline-shipment_preparation')).toHaveTextContent('Preparación del envío Pendiente');
  });
});
