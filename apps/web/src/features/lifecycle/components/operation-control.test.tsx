import { type OperationControlResponse } from '@tradeops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildPayoutPreview as buildPreview } from '../../../test/payout-preview';
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
  feeCents: 0,
};

const SECOND_ID = '7a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

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
    inspectionMeasurement: null,
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
      [`/api/admin/operations/${control.operation.id}/payout-preview`]: () => jsonResponse(buildPreview('cancel', [])),
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
    expect(await screen.findByRole('dialog')).toHaveTextContent('no hay fondos en escrow que reembolsar');
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, cancelar la operación' }));
    await waitFor(() =>
      expect(sent).toEqual([{ reason: 'El vendedor no puede embarcar', previewDigest: 'a'.repeat(43) }]),
    );
  });

  it('shows each refund the cancellation will book, as the server computed it, and cancels nothing on going back', async () => {
    const control = buildControl({
      canCancel: true,
      escrowHeldCents: 4_300_000,
      participants: [
        { ...PARTICIPANT, heldCents: 2_150_000, paymentStatus: 'confirmed' },
        { ...PARTICIPANT, id: SECOND_ID, companyName: 'Andina', heldCents: 2_150_000 },
      ],
    });
    const preview = buildPreview('cancel', [
      { id: PARTICIPANT.id, company: 'Importadora Caribe', heldCents: 2_150_000, refundCents: 2_150_000 },
      { id: SECOND_ID, company: 'Andina', heldCents: 2_150_000, refundCents: 2_150_000 },
    ]);
    const sent: unknown[] = [];
    mockApi({
      [`/api/admin/operations/${control.operation.id}/payout-preview`]: (_url, init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ action: 'cancel' });
        return jsonResponse(preview);
      },
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
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Importadora Caribe$21,500$21,500', 'Andina$21,500$21,500']);
    // A cancellation pays the seller nothing: no fee or net is shown.
    expect(within(dialog).queryByText('Comisión')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'No, volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar y reembolsar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, cancelar la operación' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'Sin embarque', previewDigest: preview.digest }]));
  });

  it('shows the settlement line by line (out of escrow, the fee, the net to the seller) and settles only on yes', async () => {
    const control = buildControl({
      inspectionResult: 'passed',
      canSettle: true,
      nextStep: null,
      escrowHeldCents: 4_300_000,
    });
    control.operation.status = 'inspected';
    const preview = buildPreview('settle', [
      { id: PARTICIPANT.id, company: 'Importadora Caribe', heldCents: 2_150_000 },
      { id: SECOND_ID, company: 'Andina', heldCents: 2_150_000 },
    ]);
    const settled: unknown[] = [];
    mockApi({
      [`/api/admin/operations/${control.operation.id}/payout-preview`]: () => jsonResponse(preview),
      [`/api/admin/operations/${control.operation.id}/settle`]: (_url, init) => {
        settled.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ok: true });
      },
    });
    renderWithProviders(<OperationControl control={control} />);
    await userEvent.click(screen.getByRole('button', { name: 'Liquidar y pagar al vendedor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Liquidar «Leche en polvo entera»' });
    // The seller is paid the net, not the gross: $43,000 out of escrow, $860 (2 %) to the platform, $42,140 net.
    expect(within(dialog).getByTestId('payout-total-held')).toHaveTextContent('$43,000');
    expect(within(dialog).getByTestId('payout-total-fee')).toHaveTextContent('$860');
    expect(within(dialog).getByTestId('payout-total-net')).toHaveTextContent('$42,140');
    expect(dialog).toHaveTextContent('Comisión de la plataforma (2 %)');
    expect(dialog).toHaveTextContent('Neto a Lácteos del Sur (vendedor)');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Importadora Caribe$21,500$430$21,070',
      'Andina$21,500$430$21,070',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'No, volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(settled).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Liquidar y pagar al vendedor' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, liquidar y pagar' }));
    await waitFor(() => expect(settled).toEqual([{ previewDigest: preview.digest }]));
  });

  it('when the figures changed since the dialog opened, shows the new ones and why, and settles on a second yes', async () => {
    const control = buildControl({ inspectionResult: 'passed', canSettle: true, nextStep: null });
    control.operation.status = 'inspected';
    const orders = [{ id: PARTICIPANT.id, company: 'Importadora Caribe', heldCents: 2_150_000 }];
    const previews = [
      buildPreview('settle', orders, 200, 'a'.repeat(43)),
      buildPreview('settle', orders, 250, 'b'.repeat(43)),
    ];
    const settled: unknown[] = [];
    mockApi({
      [`/api/admin/operations/${control.operation.id}/payout-preview`]: () => jsonResponse(previews.shift()),
      [`/api/admin/operations/${control.operation.id}/settle`]: (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { previewDigest: string };
        settled.push(body);
        return body.previewDigest === 'a'.repeat(43)
          ? jsonResponse({ error: { code: 'PAYOUT_CHANGED', message: i18n.t('errors.PAYOUT_CHANGED') } }, 409)
          : jsonResponse({ ok: true });
      },
    });
    renderWithProviders(<OperationControl control={control} />);
    await userEvent.click(screen.getByRole('button', { name: 'Liquidar y pagar al vendedor' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('payout-total-fee')).toHaveTextContent('$430');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, liquidar y pagar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(i18n.t('errors.PAYOUT_CHANGED'));
    await waitFor(() => expect(within(dialog).getByTestId('payout-total-fee')).toHaveTextContent('$537.50'));
    expect(dialog).toHaveTextContent('Comisión de la plataforma (2.5 %)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, liquidar y pagar' }));
    await waitFor(() =>
      expect(settled).toEqual([{ previewDigest: 'a'.repeat(43) }, { previewDigest: 'b'.repeat(43) }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's translated refusal when the cancellation is refused", async () => {
    const control = buildControl({ canCancel: true });
    mockApi({
      [`/api/admin/operations/${control.operation.id}/payout-preview`]: () => jsonResponse(buildPreview('cancel', [])),
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

  it("proposes the inspector's measured net weight as the final measurement, and books what the admin confirms", async () => {
    const control = buildControl({
      operation: { ...buildControl().operation, status: 'settled' },
      nextStep: null,
      escrowHeldCents: 430_000,
      participants: [{ ...PARTICIPANT, heldCents: 430_000, paymentStatus: 'confirmed' }],
      inspectionMeasurement: {
        netWeightKg: 19_400,
        quality: 'Humedad 3,1 %',
        recordedBy: 'Inspecciones y Certificaciones Andinas S.A.',
        occurredAt: '2026-11-20T12:00:00.000Z',
      },
    });
    const previews: unknown[] = [];
    const sent: unknown[] = [];
    mockApi({
      [`/api/admin/operations/${control.operation.id}/payout-preview`]: (_url, init) => {
        previews.push(JSON.parse(String(init?.body)));
        return jsonResponse(
          buildPreview('final_measurement', [
            { id: PARTICIPANT.id, company: 'Importadora Caribe', heldCents: 430_000, refundCents: 21_500 },
          ]),
        );
      },
      [`/api/admin/operations/${control.operation.id}/final-measurement`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({
          contractedKg: 20_000,
          measuredNetKg: 19_400,
          toleranceKg: 400,
          shortfallKg: 600,
          refundCents: 21_500,
          releasedCents: 408_500,
        });
      },
    });
    renderWithProviders(<OperationControl control={control} />);
    expect(screen.getByTestId('final-measurement-inspection')).toHaveTextContent(
      'La inspección de Inspecciones y Certificaciones Andinas S.A. registró 19.4 t netas el 20 nov 2026',
    );
    expect(screen.getByLabelText('Peso neto medido (t)')).toHaveValue(19.4);
    expect(screen.getByLabelText('Calidad medida (opcional)')).toHaveValue('Humedad 3,1 %');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar medición final' }));
    await userEvent.click(await screen.findByRole('button', { name: i18n.t('moneyConfirm.finalMeasurement.confirm') }));
    await waitFor(() =>
      expect(sent).toEqual([{ measuredNetTons: 19.4, qualityNotes: 'Humedad 3,1 %', previewDigest: 'a'.repeat(43) }]),
    );
    expect(previews).toEqual([{ action: 'final_measurement', measuredNetTons: 19.4 }]);
  });
});
