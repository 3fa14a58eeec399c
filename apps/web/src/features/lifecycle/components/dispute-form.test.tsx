import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { DisputeForm } from './dispute-form';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';
const PARTICIPANT = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  companyName: 'Importadora Caribe',
  volume: 5,
  amountCents: 2_150_000,
  paymentStatus: 'confirmed' as const,
  heldCents: 2_150_000,
  refundedCents: 0,
  releasedCents: 0,
};

describe('DisputeForm', () => {
  it('refuses a refund with a fraction of a cent instead of rounding it, and sends whole cents', async () => {
    const sent: unknown[] = [];
    mockApi({
      [`/api/admin/operations/${OPERATION_ID}/dispute/decision`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ok: true });
      },
    });
    renderWithProviders(
      <DisputeForm operationId={OPERATION_ID} participants={[PARTICIPANT]} sellerCompany="Lácteos del Sur" />,
    );
    await userEvent.type(screen.getByLabelText('Motivo'), 'Humedad fuera de norma');
    const refund = screen.getByLabelText(/Importadora Caribe/);

    await userEvent.type(refund, '0,004');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar decisión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('con dos decimales como máximo');
    expect(sent).toEqual([]);

    await userEvent.clear(refund);
    await userEvent.type(refund, '1500,25');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar decisión' }));
    // Nothing moves before the admin confirms the amounts per party.
    const dialog = await screen.findByRole('dialog', { name: '¿Confirmas la decisión?' });
    expect(within(dialog).getByTestId('dispute-confirm-amounts')).toHaveTextContent(
      /Reembolso a Importadora Caribe: \$1,500\.25.*Pago a Lácteos del Sur \(vendedor\): \$19,999\.75/,
    );
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar y pagar' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { decision: 'partial', reason: 'Humedad fuera de norma', refunds: { [PARTICIPANT.id]: 150_025 } },
      ]),
    );
  }, 20_000);

  it('asks for the reason before sending, and shows the refusal the server sends back', async () => {
    const sent: unknown[] = [];
    mockApi({
      [`/api/admin/operations/${OPERATION_ID}/dispute/decision`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse(
          { error: { code: 'LIFECYCLE_WRONG_STATUS', message: i18n.t('errors.LIFECYCLE_WRONG_STATUS') } },
          409,
        );
      },
    });
    renderWithProviders(
      <DisputeForm operationId={OPERATION_ID} participants={[PARTICIPANT]} sellerCompany="Lácteos del Sur" />,
    );
    await userEvent.click(screen.getByRole('radio', { name: i18n.t('lifecycle.decisions.refund') }));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar decisión' }));
    expect(await screen.findByText(i18n.t('lifecycle.reasonRequired'))).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText('Motivo'), 'Carga rechazada');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar decisión' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar y pagar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.LIFECYCLE_WRONG_STATUS'));
    expect(sent).toEqual([{ decision: 'refund', reason: 'Carga rechazada' }]);
  }, 20_000);

  it('shows the participant’s reason and evidence files as links, and a cancelled confirmation sends nothing', async () => {
    const sent: unknown[] = [];
    mockApi({
      [`/api/admin/operations/${OPERATION_ID}/dispute/decision`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ok: true });
      },
    });
    const evidenceId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    renderWithProviders(
      <DisputeForm
        operationId={OPERATION_ID}
        participants={[PARTICIPANT]}
        sellerCompany="Lácteos del Sur"
        dispute={{
          id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
          status: 'open',
          opened_by: 'participant',
          opened_by_company: 'Importadora Caribe',
          reason: 'La carga llegó húmeda',
          opened_at: '2026-04-02T10:00:00.000Z',
          decision: null,
          decision_reason: null,
          decided_at: null,
          evidence: [
            {
              id: evidenceId,
              file_name: 'acta.pdf',
              size_bytes: 1200,
              uploaded_by: 'Importadora Caribe',
              created_at: '2026-04-02T10:00:00.000Z',
            },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('dispute-case')).toHaveTextContent('La carga llegó húmeda');
    expect(screen.getByRole('link', { name: 'acta.pdf' })).toHaveAttribute(
      'href',
      `/api/operations/${OPERATION_ID}/disputes/evidence/${evidenceId}`,
    );
    await userEvent.click(screen.getByRole('radio', { name: i18n.t('lifecycle.decisions.refund') }));
    await userEvent.type(screen.getByLabelText('Motivo'), 'Carga rechazada');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar decisión' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reembolso a Importadora Caribe: $21,500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
  }, 20_000);
});
