import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, createTestQueryClient, jsonResponse, mockApi, renderApp } from '../../test/render';

const VERIFY = '/api/auth/email/verify';

describe('the e-mailed confirmation link (/verify-email)', () => {
  it(
    'confirms the address once, says the account was signed out, and leads to sign in and on',
    { timeout: 20_000 },
    async () => {
      const fetchMock = mockApi({
        [VERIFY]: () => jsonResponse({ user: null }),
        // The link ended every session of the account, this browser's too.
        '/api/session': () => jsonResponse({ user: null }),
      });
      renderApp('/verify-email?token=abc', createTestQueryClient(buildSessionUser({ emailVerified: false })));
      expect(await screen.findByText('¡Listo! Tu correo electrónico está confirmado.')).toBeInTheDocument();
      expect(
        screen.getByText(
          'Por seguridad, confirmar tu correo cerró las sesiones abiertas de tu cuenta. Inicia sesión de nuevo para continuar.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
        'href',
        '/login?redirectTo=%2Fonboarding',
      );
      expect(screen.queryByRole('link', { name: 'Continuar con la verificación de tu empresa' })).toBeNull();
      const posts = fetchMock.mock.calls.filter(([input]) => String(input).includes(VERIFY));
      expect(posts).toHaveLength(1);
      expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ token: 'abc' });
    },
  );

  it('says when the link was already used', { timeout: 20_000 }, async () => {
    mockApi({
      [VERIFY]: () =>
        jsonResponse(
          { error: { code: 'EMAIL_ALREADY_VERIFIED', message: 'Tu correo electrónico ya está confirmado.' } },
          409,
        ),
    });
    renderApp('/verify-email?token=abc');
    expect(
      await screen.findByText('Tu correo electrónico ya estaba confirmado: este enlace ya se usó.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it('explains an invalid or expired link', { timeout: 20_000 }, async () => {
    mockApi({
      [VERIFY]: () =>
        jsonResponse(
          { error: { code: 'EMAIL_VERIFICATION_INVALID', message: 'El enlace de confirmación no es válido.' } },
          400,
        ),
    });
    renderApp('/verify-email?token=expired');
    expect(await screen.findByText('El enlace de confirmación no es válido o ya expiró.')).toBeInTheDocument();
  });

  it('without a token asks for the link from the mail and sends nothing', { timeout: 20_000 }, async () => {
    const fetchMock = mockApi({});
    renderApp('/verify-email');
    expect(
      await screen.findByText('Falta el enlace de confirmación. Ábrelo desde el correo que te enviamos.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes(VERIFY))).toHaveLength(0);
  });
});
