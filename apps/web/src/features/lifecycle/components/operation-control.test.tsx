import { type OperationControlResponse } from '@tradeops/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
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
    dispute: null,
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

  it('cancels with the reason the admin typed, and asks for one when it is empty', async () => {
    const control = buildControl({ canCancel: true });
    const sent: unknown[] = [];
    mockApi({
      [`/api/admin/operations/${control.operation.id}/cancel`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ok: true });
      },
    });
    renderWithProviders(<OperationControl control={control} />);
    await userEvent.click(screen.getByText('Cancelar la operación'));
    const submit = screen.getByRole('button', { name: 'Cancelar y reembolsar' });

    await userEvent.click(submit);
    expect(await screen.findByText(i18n.t('lifecycle.reasonRequired'))).toBeInTheDocument();
    expect(screen.getByLabelText('Motivo')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText('Motivo'), '  El vendedor no puede embarcar  ');
    await userEvent.click(submit);
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, cancelar la operación' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'El vendedor no puede embarcar' }]));
  });

  it('names the refunds before cancelling, and cancels nothing when the admin goes back', async () => {
    const control = buildControl({
      canCancel: true,
      escrowHeldCents: 4_300_000,
      participants: [
        { ...PARTICIPANT, heldCents: 2_150_000, paymentStatus: 'confirmed' },
        { ...PARTICIPANT, id: '7a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', companyName: 'Andina', heldCents: 2_150_000 },
        { ...PARTICIPANT, id: '8a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', companyName: 'Sin pago', heldCents: 0 },
      ],
    });
    const sent: unknown[] = [];
    mockApi({
      [`/api/admin/operations/${control.operation.id}/cancel`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ok: true });
      },
    });
    renderWithProviders(<OperationControl control={control} />);
    await userEvent.click(screen.getByText('Cancelar la operación'));
    await userEvent.type(screen.getByLabelText('Motivo'), 'Sin embarque');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar y reembolsar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar «Leche en polvo entera»?' });
    expect(dialog).toHaveTextContent('Cancelar: se reembolsarán $43,000 a 2 compradores');
    await userEvent.click(screen.getByRole('button', { name: 'No, volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar y reembolsar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, cancelar la operación' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'Sin embarque' }]));
  });

  it('names the payout and the seller before settling, and settles only on yes', async () => {
    const control = buildControl({
      inspectionResult: 'passed',
      canSettle: true,
      nextStep: null,
      escrowHeldCents: 4_300_000,
    });
    control.operation.status = 'inspected';
    let settled = 0;
    mockApi({
      [`/api/admin/operations/${control.operation.id}/settle`]: () => {
        settled += 1;
        return jsonResponse({ ok: true });
      },
    });
    renderWithProviders(<OperationControl control={control} />);
    await userEvent.click(screen.getByRole('button', { name: 'Liquidar y pagar al vendedor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Liquidar: $43,000 a Lácteos del Sur' });
    expect(dialog).toHaveTextContent('Se liberarán $43,000 del escrow de «Leche en polvo entera» a Lácteos del Sur');
    await userEvent.click(screen.getByRole('button', { name: 'No, volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(settled).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Liquidar y pagar al vendedor' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, liquidar y pagar' }));
    await waitFor(() => expect(settled).toBe(1));
  });

  it("shows the server's translated refusal when the cancellation is refused", async () => {
    const control = buildControl({ canCancel: true });
    mockApi({
      [`/api/admin/operations/${control.operation.id}/cancel`]: () =>
        jsonResponse(
          { error: { code: 'LIFECYCLE_WRONG_STATUS', message: i18n.t('errors.LIFECYCLE_WRONG_STATUS') } },
          409,
        ),
    });
    renderWithProviders(<OperationControl control={control} />);
    await userEvent.click(screen.getByText('Cancelar la operación'));
    await userEvent.type(screen.getByLabelText('Motivo'), 'Sin embarque');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar y reembolsar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, cancelar la operación' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.LIFECYCLE_WRONG_STATUS'));
  });
});
