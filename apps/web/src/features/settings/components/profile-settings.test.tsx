import { type AccountProfile } from '@tradeops/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { ProfileSettings } from './profile-settings';

const PROFILE: AccountProfile = {
  email: 'compras@caribe.example',
  fullName: 'Ana Pérez',
  companyName: 'Importadora Caribe',
  companyType: null,
  country: 'CO',
  taxId: '',
  language: 'es',
  notificationPrefs: { email: true, inApp: true },
  canEditCompany: false,
};

afterEach(() => void i18n.changeLanguage('es'));

describe('ProfileSettings', () => {
  it('says the profile could not be loaded, and its retry loads it', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockApi({
      '/api/account/profile': () => {
        calls += 1;
        return calls === 1 ? new Response('nope', { status: 500 }) : jsonResponse(PROFILE);
      },
    });
    renderWithProviders(<ProfileSettings />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar tu perfil.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByDisplayValue('Ana Pérez')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('sends the edited name and preferences, and leaves out the company once KYC locked it', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi({
      '/api/account/profile': (_url, init) => {
        if (init?.method !== 'PUT') return jsonResponse(PROFILE);
        const body = JSON.parse(String(init.body)) as Partial<AccountProfile>;
        sent.push(body);
        return jsonResponse({ ...PROFILE, ...body });
      },
    });
    renderWithProviders(<ProfileSettings />);
    const name = await screen.findByLabelText('Nombre completo');
    expect(screen.getByLabelText('Nombre de la empresa')).toBeDisabled();

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(i18n.t('validation.fullNameRequired'))).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(name, 'Ana Pérez Gómez');
    await user.click(screen.getByRole('checkbox', { name: 'Por correo electrónico' }));
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      fullName: 'Ana Pérez Gómez',
      language: 'es',
      notificationPrefs: { email: false, inApp: true },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Perfil guardado.');
  });

  it("puts the server's field error on its field", async () => {
    mockApi({
      '/api/account/profile': (_url, init) =>
        init?.method === 'PUT'
          ? jsonResponse(
              {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'Los datos no son válidos.',
                  fields: { fullName: 'El nombre es demasiado largo.' },
                },
              },
              400,
            )
          : jsonResponse(PROFILE),
    });
    renderWithProviders(<ProfileSettings />);
    const name = await screen.findByLabelText('Nombre completo');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    expect(await screen.findByText('El nombre es demasiado largo.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Los datos no son válidos.')).not.toBeInTheDocument();
  });
});
