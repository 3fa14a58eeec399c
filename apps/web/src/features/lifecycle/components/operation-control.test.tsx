import { type OperationControlResponse } from '@tradeops/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { OperationControl } from './operation-control';

const PARTICIPANT = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  companyName: 'Importadora Caribe',
  volume: 5,
  amountCents: 2_150_000,
  paymentStatus: 'verification' as const,
  heldCents: 0,
  refundedCents: 0,
  releasedCents: 0,
};

function buildControl(overrides: Partial<OperationControlResponse> = {}): OperationControlResponse {
  return {
    operation: {
      id: '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01',
      title: 'Leche en polvo entera',
      status: 'allocated',
      totalTons: 20,
      allocatedTons: 20,
      sellerCompany: 'Lácteos del Sur',
    },
    milestones: [],
    participants: [PARTICIPANT],
    nextStep: 'shipment_preparation',
    blockedReason: null,
    inspectionResult: null,
    settleableAt: null,
    canSettle: false,
    isDisputeOpen: false,
    canCancel: false,
    escrowHeldCents: 0,
    ...overrides,
  };
}

describe('OperationControl', () => {
  it('says why the next step waits while payments are unconfirmed, and lists who takes part', () => {
    renderWithProviders(<OperationControl control={buildControl({ blockedReason: 'PAYMENTS_UNCONFIRMED' })} />);
    expect(screen.getByText(i18n.t('errors.PAYMENTS_UNCONFIRMED'))).toBeInTheDocument();
    expect(screen.getByText('Importadora Caribe')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: i18n.t('lifecycle.allocation') })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
  });

  it('shows the dispute decision only while a dispute is open', () => {
    const { unmount } = renderWithProviders(<OperationControl control={buildControl()} />);
    expect(screen.queryByRole('heading', { name: i18n.t('lifecycle.disputeTitle') })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <OperationControl
        control={buildControl({
          isDisputeOpen: true,
          nextStep: null,
          participants: [{ ...PARTICIPANT, heldCents: 2_150_000 }],
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: i18n.t('lifecycle.disputeTitle') })).toBeInTheDocument();
  });
});
