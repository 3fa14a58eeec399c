import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { TwoFactorSettings } from './two-factor-settings';

const SETUP = {
  totpUri: 'otpauth://totp/TradeOps:comprador%40tradeops.demo?secret=JBSWY3DPEHPK3PXP&issuer=TradeOps',
  secret: 'JBSWY3DPEHPK3PXP',
  recoveryCodes: ['aaaa-1111', 'bbbb-2222'],
};
const refusal = (code: string, message: string, status: number) => jsonResponse({ error: { code, message } }, status);

describe('two-step verification in settings', () => {
  it('turns on: a wrong password and a wrong code are refused in place, then the recovery codes show once', async () => {
    const user = userEvent.setup();
    let passwordTries = 0;
    let codeTries = 0;
    mockApi({
      '/api/auth/two-factor/enable': () =>
        ++passwordTries === 1
          ? refusal('INVALID_CREDENTIALS', 'Correo o contraseña inválidos', 401)
          : jsonResponse(SETUP),
      '/api/auth/two-factor/confirm': () =>
        ++codeTries === 1
          ? refusal('TWO_FACTOR_CODE_INVALID', 'El código no es válido.', 401)
          : jsonResponse({ user: buildSessionUser({ twoFactorEnabled: true }) }),
    });
    renderWithProviders(<TwoFactorSettings user={buildSessionUser()} />);

    expect(screen.getByTestId('two-factor-status')).toHaveTextContent('Desactivada');
    await user.click(screen.getByRole('button', { name: 'Activar verificación en dos pasos' }));
    await user.type(screen.getByLabelText('Tu contraseña'), 'Wrong-Password-1');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Correo o contraseña inválidos')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Código de 6 dígitos'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar y activar' }));
    expect(await screen.findByText('El código no es válido.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirmar y activar' }));
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('aaaa-1111');
    await user.click(screen.getByRole('button', { name: 'Ya guardé mis códigos' }));
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
  });

  it('a server failure gets the generic message, not the raw answer', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/auth/two-factor/disable': () => refusal('INTERNAL_ERROR', 'boom: stack trace', 500) });
    renderWithProviders(<TwoFactorSettings user={buildSessionUser({ twoFactorEnabled: true })} />);
    await user.click(screen.getByRole('button', { name: 'Desactivar' }));
    await user.type(screen.getByLabelText('Tu contraseña'), 'TradeOps-Demo-2025');
    await user.click(screen.getByRole('button', { name: 'Desactivar verificación en dos pasos' }));
    expect(await screen.findByText('Error inesperado. Por favor intente nuevamente.')).toBeInTheDocument();
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument();
  });
});
