import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { AdminSettingsForm } from './admin-settings-form';

const SETTINGS = {
  adminEmails: ['ops@tradeops.example'],
  envAdminEmails: [],
  escrowBankDetails: {
    bankName: 'Banco Central',
    accountName: 'TradeOps Escrow',
    accountNumber: '0001',
    swift: 'BCENUS33',
    bankAddress: '',
    currency: 'USD',
  },
  platformCompany: { legalName: 'TradeOps Marketplace LLC', address: '1200 Brickell Avenue, Miami', taxId: '' },
  orderHoldHours: 48,
  fundRetentionDays: 7,
  platformFeeBps: 200,
  disputeWindowDays: 7,
  holdbackReleaseBps: 9000,
};

describe('AdminSettingsForm', () => {
  it('refuses an out-of-range hold with the error tied to its field, then saves and says so', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi({
      '/api/admin/settings': (_url, init) => {
        if (init?.method !== 'PUT' && init?.method !== 'PATCH' && init?.method !== 'POST')
          return jsonResponse(SETTINGS);
        const body = JSON.parse(String(init.body)) as typeof SETTINGS;
        sent.push(body);
        return jsonResponse({ ...SETTINGS, ...body, envAdminEmails: [] });
      },
    });
    renderWithProviders(<AdminSettingsForm />);
    const hold = await screen.findByLabelText('Reserva sin pago (horas)');
    expect(hold).toHaveValue(48);

    await user.clear(hold);
    await user.type(hold, '0');
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(hold).toHaveAttribute('aria-invalid', 'true');
    const errorId = hold.getAttribute('aria-describedby')!.split(' ').at(-1)!;
    expect(document.getElementById(errorId)).toHaveTextContent(
      i18n.t('adminSettings.validation.holdRange' as never) as string,
    );
    expect(sent).toHaveLength(0);

    await user.clear(hold);
    await user.type(hold, '24');
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ajustes guardados.');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ orderHoldHours: 24, adminEmails: ['ops@tradeops.example'] });
  });

  it('edits the statements’ letterhead: the legal name and address are required, the tax id is optional', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi({
      '/api/admin/settings': (_url, init) => {
        if (init?.method !== 'PUT') return jsonResponse(SETTINGS);
        const body = JSON.parse(String(init.body)) as typeof SETTINGS;
        sent.push(body);
        return jsonResponse({ ...SETTINGS, ...body, envAdminEmails: [] });
      },
    });
    renderWithProviders(<AdminSettingsForm />);
    const name = await screen.findByLabelText('Razón social');
    expect(name).toHaveValue('TradeOps Marketplace LLC');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Este campo es requerido')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(name, 'TradeOps Global S.A.');
    await user.type(screen.getByLabelText('Identificación fiscal (opcional)'), 'RUT 21-1234567-8');
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      platformCompany: {
        legalName: 'TradeOps Global S.A.',
        address: '1200 Brickell Avenue, Miami',
        taxId: 'RUT 21-1234567-8',
      },
    });
  });

  it('checks the admin addresses with the request schema, and puts the server field errors on their fields', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi({
      '/api/admin/settings': (_url, init) => {
        if (init?.method !== 'PUT') return jsonResponse(SETTINGS);
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Los datos no son válidos.',
              fields: { 'escrowBankDetails.swift': 'El SWIFT no es válido.', 'adminEmails.1': 'Ya es administrador.' },
            },
          },
          400,
        );
      },
    });
    renderWithProviders(<AdminSettingsForm />);
    const emails = await screen.findByLabelText('Correos de administradores');
    await user.type(emails, '\nno-es-un-correo');
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(emails).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(i18n.t('validation.emailInvalid'))).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(emails);
    await user.type(emails, 'ops@tradeops.example, Finanzas@TradeOps.example');
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      adminEmails: ['ops@tradeops.example', 'finanzas@tradeops.example'],
      escrowBankDetails: { swift: 'BCENUS33', currency: 'USD' },
      fundRetentionDays: 7,
      platformFeeBps: 200,
    });
    expect(await screen.findByText('El SWIFT no es válido.')).toBeInTheDocument();
    expect(screen.getByLabelText('SWIFT / BIC')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Ya es administrador.')).toBeInTheDocument();
    expect(emails).toHaveAttribute('aria-invalid', 'true');
  });
});
