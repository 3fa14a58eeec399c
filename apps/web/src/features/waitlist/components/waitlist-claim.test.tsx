import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMS_VERSION } from '@tradeops/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { WaitlistPanel } from './waitlist-panel';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';
const OFFERED = {
  lineLength: 2,
  isFull: false,
  lotStepTons: 5,
  minVolumeTons: 5,
  maxVolumeTons: 20,
  entry: {
    id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    operationId: OPERATION_ID,
    volume: 10,
    status: 'invited',
    position: 1,
    invitedTons: 10,
    invitationExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    orderId: null,
    createdAt: '2026-05-04T10:00:00.000Z',
  },
};

describe('WaitlistPanel claim', () => {
  it('claims the invited tons with the chosen payment method, and the same key on a retry', async () => {
    const user = userEvent.setup();
    const claims: { paymentMethod: string; idempotencyKey: string }[] = [];
    mockApi({
      [`/api/operations/${OPERATION_ID}/waitlist/mine`]: () => jsonResponse(OFFERED),
      [`/api/operations/${OPERATION_ID}/waitlist/claim`]: (_url, init) => {
        claims.push(JSON.parse(String(init?.body)));
        return claims.length === 1
          ? jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'Error inesperado.' } }, 500)
          : jsonResponse({ orderId: '5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e5f', volume: 10 });
      },
    });
    renderWithProviders(<WaitlistPanel operationId={OPERATION_ID} />);
    expect(await screen.findByText(i18n.t('waitlist.invitationTitle', { tons: 10 }))).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Efectivo' }));
    // A claim is an order: without the terms accepted, nothing is sent.
    await user.click(screen.getByRole('button', { name: i18n.t('waitlist.claim') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('validation.termsRequired'));
    expect(claims).toHaveLength(0);
    await user.click(screen.getByTestId('terms-acceptance'));
    await user.click(screen.getByRole('button', { name: i18n.t('waitlist.claim') }));
    // A server failure is not the buyer's fault: the generic text, not the server's words.
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('waitlist.actionFailed'));

    await user.click(screen.getByRole('button', { name: i18n.t('waitlist.claim') }));
    await waitFor(() => expect(claims).toHaveLength(2));
    expect(claims[0]).toMatchObject({ paymentMethod: 'cash', termsVersion: TERMS_VERSION });
    expect(claims[1]!.idempotencyKey).toBe(claims[0]!.idempotencyKey);
  });

  it.each([
    {
      action: 'claim',
      path: 'waitlist/claim',
      button: 'waitlist.claim',
      code: 'WAITLIST_INVITATION_EXPIRED',
      isFull: false,
    },
    { action: 'join', path: 'waitlist', button: 'waitlist.join', code: 'WAITLIST_ALREADY_JOINED', isFull: true },
  ] as const)('shows the translated refusal of a $action', async ({ path, button, code, isFull }) => {
    mockApi({
      [`/api/operations/${OPERATION_ID}/waitlist/mine`]: () =>
        jsonResponse(isFull ? { ...OFFERED, isFull: true, entry: null } : OFFERED),
      [`/api/operations/${OPERATION_ID}/${path}`]: () =>
        jsonResponse({ error: { code, message: i18n.t(`errors.${code}`) } }, 409),
    });
    renderWithProviders(<WaitlistPanel operationId={OPERATION_ID} />);
    if (!isFull) await userEvent.click(await screen.findByTestId('terms-acceptance'));
    await userEvent.click(await screen.findByRole('button', { name: i18n.t(button) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t(`errors.${code}`));
  });
});
