import { type OperationRoomResponse, NOTHING_OUTSTANDING } from '@tradeops/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { OutstandingCard } from './operation-room-view';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';

function room(outstanding: OperationRoomResponse['outstanding']): OperationRoomResponse {
  return {
    operation: {
      id: OPERATION_ID,
      title: 'Carne bovina congelada',
      productName: 'Frozen beef',
      originCountry: 'UY',
      destinationCountry: 'VE',
      arrivalPort: null,
      status: 'allocated',
      totalTons: 25,
      allocatedTons: 25,
      availableTons: 0,
      participants: 2,
      expectedDeparture: null,
      expectedArrival: null,
    },
    milestones: [],
    order: null,
    viewerRole: 'participant',
    dispute: null,
    disputeWindow: { canOpen: false, canAddEvidence: false, closesAt: null },
    outstanding,
  };
}

describe('OutstandingCard', () => {
  it("says which reserved tons are unpaid, by when (with the viewer's time zone), and the viewer's share", async () => {
    await setLanguage('es');
    renderWithProviders(
      <OutstandingCard
        room={room({
          openTons: 0,
          fillBy: null,
          unpaidTons: 15,
          unpaidAmountCents: 7_800_000,
          nextHoldExpiry: '2026-11-26T20:35:00.000Z',
          mine: { unpaidTons: 15, unpaidAmountCents: 7_800_000, expiresAt: '2026-11-26T20:35:00.000Z' },
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Qué falta' })).toBeInTheDocument();
    const unpaid = screen.getByTestId('deal-outstanding-unpaid');
    expect(unpaid).toHaveTextContent(
      /^15 t reservadas aún sin pagar \(.*78[.,\s]?000.*\); la primera reserva vence el/,
    );
    // The zone is named (Intl's timeZoneName), whatever zone the test machine is in.
    expect(unpaid).toHaveTextContent(/(GMT|UTC)/);
    expect(screen.queryByTestId('deal-outstanding-open')).not.toBeInTheDocument();
    expect(screen.getByTestId('deal-outstanding-mine')).toHaveTextContent(/^Tu parte: 15 t por .*Sube tu comprobante/);
    expect(screen.getByRole('link', { name: 'Ir al pago' })).toHaveAttribute(
      'href',
      `/operation/${OPERATION_ID}/participate`,
    );
  });

  it('says in English which tons are still to be reserved before the deadline, and when nothing is missing', async () => {
    await setLanguage('en');
    const { unmount } = renderWithProviders(
      <OutstandingCard
        room={room({
          openTons: 10,
          fillBy: '2026-12-01T12:00:00.000Z',
          unpaidTons: 0,
          unpaidAmountCents: 0,
          nextHoldExpiry: null,
          mine: null,
        })}
      />,
    );
    expect(screen.getByTestId('deal-outstanding-open')).toHaveTextContent(
      /^10 t still to be reserved before .*2026.*(GMT|UTC)/,
    );
    unmount();
    renderWithProviders(<OutstandingCard room={room(NOTHING_OUTSTANDING)} />);
    expect(screen.getByText('Nothing is missing: every ton is reserved, paid and held in escrow.')).toBeInTheDocument();
  });
});
