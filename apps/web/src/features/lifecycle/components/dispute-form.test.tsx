import { screen, waitFor } from '@testing-library/react';
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
    renderWithProviders(<DisputeForm operationId={OPERATION_ID} participants={[PARTICIPANT]} />);
    await userEvent.type(screen.getByLabelText('Motivo'), 'Humedad fuera de norma');
    const refund = screen.getByLabelText(/Importadora Caribe/);

    await userEvent.type(refund, '0,004');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar decisión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('con dos decimales como máximo');
    expect(sent).toEqual([]);

    await userEvent.clear(refund);
    await userEvent.type(refund, '1500,25');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar decisión' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { decision: 'partial', reason: 'Humedad fuera de norma', refunds: { [PARTICIPANT.id]: 150_025 } },
      ]),
    );
  });

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
    renderWithProviders(<DisputeForm operationId={OPERATION_ID} participants={[PARTICIPANT]} />);
    await userEvent.click(screen.getByRole('radio', { name: i18n.t('lifecycle.decisions.refund') }));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar decisión' }));
    expect(await screen.findByText(i18n.t('lifecycle.reasonRequired'))).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText('Motivo'), 'Carga rechazada');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar decisión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.LIFECYCLE_WRONG_STATUS'));
    expect(sent).toEqual([{ decision: 'refund', reason: 'Carga rechazada' }]);
  });
});
