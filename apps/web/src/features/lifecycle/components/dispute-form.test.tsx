import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildPayoutPreview } from '../../../test/payout-preview';
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
  feeCents: 0,
};
const SECOND = {
  ...PARTICIPANT,
  id: '7a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  companyName: 'Andina',
  heldCents: 1_000_000,
};
const PREVIEW_URL = `/api/admin/operations/${OPERATION_ID}/payout-preview`;
const DECISION_URL = `/api/admin/operations/${OPERATION_ID}/dispute/decision`;

/** The API as the form meets it: the preview answered from what was asked (split by the shared function), the decision recorded. */
function mockDisputeApi(decision: (body: unknown) => Response = () => jsonResponse({ ok: true })) {
  const previews: unknown[] = [];
  const decisions: unknown[] = [];
  mockApi({
    [PREVIEW_URL]: (_url, init) => {
      const body = JSON.parse(String(init?.body)) as {
        decision: 'release' | 'refund' | 'partial';
        refunds?: Record<string, number>;
      };
      previews.push(body);
      const orders = [PARTICIPANT, SECOND].map((order) => ({
        id: order.id,
        company: order.companyName,
        heldCents: order.heldCents,
        refundCents:
          body.decision === 'refund' ? order.heldCents : body.decision === 'release' ? 0 : body.refunds![order.id]!,
      }));
      return jsonResponse(buildPayoutPreview('dispute', orders, 200, 'c'.repeat(43), body.decision));
    },
    [DECISION_URL]: (_url, init) => {
      const body = JSON.parse(String(init?.body));
      decisions.push(body);
      return decision(body);
    },
  });
  return { previews, decisions };
}

function renderForm() {
  renderWithProviders(<DisputeForm operationId={OPERATION_ID} participants={[PARTICIPANT, SECOND]} />);
}

const decide = () => userEvent.click(screen.getByRole('button', { name: 'Registrar decisión' }));

describe('DisputeForm', () => {
  it('preselects no outcome: a reason alone asks for a decision and nothing is sent', async () => {
    const api = mockDisputeApi();
    renderForm();
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    // No amounts are asked for before the admin picks a partial refund.
    expect(screen.queryByLabelText(/Importadora Caribe/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Motivo'), 'Humedad fuera de norma');
    await decide();
    expect(await screen.findByText('Elige una decisión.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.previews).toEqual([]);
    expect(api.decisions).toEqual([]);
  }, 20_000);

  it('needs every partial amount typed (a blank is not $0), within what each order holds, in whole cents', async () => {
    const api = mockDisputeApi();
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: i18n.t('lifecycle.decisions.partial') }));
    await userEvent.type(screen.getByLabelText('Motivo'), 'Humedad fuera de norma');
    const caribe = screen.getByLabelText(/Importadora Caribe/);
    const andina = screen.getByLabelText(/Andina/);

    await userEvent.type(caribe, '1500,25');
    await decide();
    expect(await screen.findByText('Escribe un monto (0 si no hay reembolso).')).toBeInTheDocument();
    expect(andina).toHaveAttribute('aria-invalid', 'true');
    expect(caribe).toHaveAttribute('aria-invalid', 'false');

    await userEvent.type(andina, '10000,01');
    await decide();
    expect(await screen.findByText('Supera lo que tiene en escrow.')).toBeInTheDocument();

    await userEvent.clear(andina);
    await userEvent.type(andina, '0,004');
    await decide();
    expect(await screen.findByText(/hasta dos decimales/)).toBeInTheDocument();
    expect(api.previews).toEqual([]);

    // 0 is a refund of nothing when the admin types it.
    await userEvent.clear(andina);
    await userEvent.type(andina, '0');
    await decide();
    const dialog = await screen.findByRole('dialog', { name: '¿Confirmas la decisión?' });
    expect(api.previews).toEqual([
      { action: 'dispute', decision: 'partial', refunds: { [PARTICIPANT.id]: 150_025, [SECOND.id]: 0 } },
    ]);
    // The lines are the server's: each refund, then the 2 % fee and the net of what goes to the seller.
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Importadora Caribe$21,500$1,500.25$399.99$19,599.76',
      'Andina$10,000$0$200$9,800',
    ]);
    expect(within(dialog).getByTestId('payout-total-refund')).toHaveTextContent('$1,500.25');
    expect(within(dialog).getByTestId('payout-total-net')).toHaveTextContent('$29,399.76');
    expect(api.decisions).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar y pagar' }));
    await waitFor(() =>
      expect(api.decisions).toEqual([
        {
          decision: 'partial',
          reason: 'Humedad fuera de norma',
          refunds: { [PARTICIPANT.id]: 150_025, [SECOND.id]: 0 },
          previewDigest: 'c'.repeat(43),
        },
      ]),
    );
  }, 30_000);

  it('asks for the reason before sending, and shows the refusal the server sends back', async () => {
    const api = mockDisputeApi(() =>
      jsonResponse(
        { error: { code: 'LIFECYCLE_WRONG_STATUS', message: i18n.t('errors.LIFECYCLE_WRONG_STATUS') } },
        409,
      ),
    );
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: i18n.t('lifecycle.decisions.refund') }));
    await decide();
    expect(await screen.findByText(i18n.t('lifecycle.reasonRequired'))).toBeInTheDocument();
    expect(api.previews).toEqual([]);

    await userEvent.type(screen.getByLabelText('Motivo'), 'Carga rechazada');
    await decide();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar y pagar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.LIFECYCLE_WRONG_STATUS'));
    expect(api.decisions).toEqual([{ decision: 'refund', reason: 'Carga rechazada', previewDigest: 'c'.repeat(43) }]);
  }, 20_000);

  it('shows the participant’s reason and evidence files as links, and a cancelled confirmation sends nothing', async () => {
    const api = mockDisputeApi();
    const evidenceId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    renderWithProviders(
      <DisputeForm
        operationId={OPERATION_ID}
        participants={[PARTICIPANT, SECOND]}
        dispute={{
          id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
          status: 'open',
          openedBy: 'participant',
          openedByCompany: 'Importadora Caribe',
          reason: 'La carga llegó húmeda',
          openedAt: '2026-04-02T10:00:00.000Z',
          decision: null,
          decisionReason: null,
          decidedAt: null,
          evidence: [
            {
              id: evidenceId,
              fileName: 'acta.pdf',
              sizeBytes: 1200,
              uploadedBy: 'Importadora Caribe',
              createdAt: '2026-04-02T10:00:00.000Z',
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
    await decide();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('payout-total-refund')).toHaveTextContent('$31,500');
    expect(within(dialog).getByTestId('payout-total-net')).toHaveTextContent('$0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.decisions).toEqual([]);
  }, 20_000);
});
