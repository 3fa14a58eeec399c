import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, createTestQueryClient, jsonResponse, mockApi, renderApp } from '../../test/render';

const VERIFY = '/api/auth/email/verify';

describe('the e-mailed confirmation link (/verify-email)', () => {
  it('confirms the address once and offers the next step', { timeout: 20_000 }, async () => {
    const fetchMock = mockApi({
      [VERIFY]: () => jsonResponse({ user: buildSessionUser({ emailVerified: true }) }),
      '/api/session': () => jsonResponse({ user: buildSessionUser({ emailVerified: false }) }),
    });
    renderApp('/verify-email?token=abc', createTestQueryClient(buildSessionUser({ emailVerified: false })));
    expect(await screen.findByText('¡Listo! Tu correo electrónico está confirmado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continuar con la verificación de tu empresa' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    const posts = fetchMock.mock.calls.filter(([input]) => String(input).includes(VERIFY));
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ token: 'abc' });
  });

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
