import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RejectWithReason } from './reason-form';

describe('RejectWithReason (KYC review)', () => {
  it('refuses an empty reason, sends the trimmed one, and shows a refusal from the server', async () => {
    const user = userEvent.setup();
    const onReject = vi.fn().mockRejectedValueOnce(new Error('El documento cambió.')).mockResolvedValueOnce({});
    renderWithProviders(<RejectWithReason label="Rechazar" onReject={onReject} isPending={false} />);
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar rechazo' }));
    expect(await screen.findByText('El motivo del rechazo es obligatorio.')).toBeInTheDocument();
    expect(screen.getByLabelText('Motivo')).toHaveAttribute('aria-invalid', 'true');
    expect(onReject).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Motivo'), '  Documento vencido  ');
    await user.click(screen.getByRole('button', { name: 'Confirmar rechazo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El documento cambió.');
    expect(onReject).toHaveBeenLastCalledWith('Documento vencido');

    await user.click(screen.getByRole('button', { name: 'Confirmar rechazo' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rechazar' })).toBeInTheDocument());
  });
});
