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
    bank_name: 'Banco Central',
    account_name: 'TradeOps Escrow',
    account_number: '0001',
    swift: 'BCENUS33',
    bank_address: '',
    currency: 'USD',
  },
  participationHoldHours: 48,
  fundRetentionDays: 7,
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
    expect(sent[0]).toMatchObject({ participationHoldHours: 24, adminEmails: ['ops@tradeops.example'] });
  });
});
