import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderApp } from '../../test/render';

describe('the admin door (/admin_ilumia/login)', () => {
  it(
    'tells a listed address whose password is still the sign-up’s to set one through the mailbox',
    { timeout: 20_000 },
    async () => {
      mockApi({
        '/api/session': () => jsonResponse({ user: null }),
        '/api/auth/admin/sign-in': () =>
          jsonResponse(
            {
              error: {
                code: 'ADMIN_PASSWORD_RESET_REQUIRED',
                message: 'Tu correo está en la lista de administradores.',
              },
            },
            403,
          ),
      });
      renderApp('/admin_ilumia/login');
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Correo electrónico'), 'jefa@example.com');
      await user.type(screen.getByLabelText('Contraseña'), 'Cafe-de-Origen-2025');
      expect(screen.queryByRole('link', { name: '¿Olvidaste tu contraseña?' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
      expect(
        await screen.findByText(
          'Tu correo está en la lista de administradores. Para entrar al back office, fija tu contraseña con el enlace que te enviamos desde «¿Olvidaste tu contraseña?».',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
    },
  );
});
