import { type OrderFormResponse, TERMS_VERSION } from '@tradeops/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, createTestQueryClient, jsonResponse, mockApi, renderApp } from '../../../test/render';
import { i18n } from '../../../lib/i18n';
import { TEST_TRADE_TERMS } from '../../../test/trade-terms';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';

const form: OrderFormResponse = {
  operation: {
    id: OPERATION_ID,
    title: 'Azúcar refinada ICUMSA 45',
    status: 'active',
    totalTons: 50,
    allocatedTons: 0,
    availableTons: 50,
    lotStepTons: 5,
    minVolume: 10,
    maxPerParticipantTons: 25,
    pricePerTonCents: 62_000,
    deadline: null,
  },
  tradeTerms: TEST_TRADE_TERMS,
  heldByMeTons: 0,
  minOrderTons: 10,
  maxOrderTons: 25,
  defaultOrderTons: 10,
  closedReason: null,
  myOrderId: null,
};

function order(volume: number) {
  return {
    id: '5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e5f',
    operationId: OPERATION_ID,
    userId: 'u1',
    volume,
    amountCents: volume * 62_000,
    paymentMethod: 'cash',
    paymentStatus: 'pending',
    status: 'active',
    paymentReference: 'TO-ABCDEFGHJK',
    paymentRejectedReason: null,
    hasProof: false,
    proofUploadedAt: null,
    confirmedAt: null,
    expiresAt: '2026-01-04T10:00:00.000Z',
    notificationsEnabled: true,
    createdAt: '2026-01-01T10:00:00.000Z',
    escrow: { state: 'none', heldCents: 0 },
  };
}

describe('order page', () => {
  it(
    'checks the volume in lots, needs the terms, shows the live total, and retries with the same idempotency key',
    { timeout: 20_000 },
    async () => {
      const posted: { volume: number; paymentMethod: string; idempotencyKey: string }[] = [];
      mockApi({
        [`/api/operations/${OPERATION_ID}/order-form`]: () => jsonResponse(form),
        [`/api/operations/${OPERATION_ID}/orders`]: (_url, init) => {
          posted.push(JSON.parse(String(init?.body)));
          // The first attempt fails like a server hiccup; the retry succeeds.
          return posted.length === 1
            ? jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'Error inesperado.' } }, 500)
            : jsonResponse({ order: order(15) }, 201);
        },
        [`/api/operations/${OPERATION_ID}/orders/mine`]: () =>
          jsonResponse({ error: { code: 'ORDER_NOT_FOUND', message: 'El pedido no existe.' } }, 404),
      });
      const { router } = renderApp(`/operation/${OPERATION_ID}/order`, createTestQueryClient(buildSessionUser()));
      const volume = await screen.findByLabelText('Volumen (toneladas)');
      expect(volume).toHaveValue(10);
      expect(screen.getByTestId('order-total')).toHaveTextContent(/6[.,]?200/);

      await userEvent.clear(volume);
      await userEvent.type(volume, '12');
      expect(screen.getByText('El volumen debe ir en incrementos de 5 toneladas')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirmar pedido' })).toBeDisabled();

      await userEvent.click(screen.getByRole('button', { name: 'Aumentar el volumen en 5 t' }));
      expect(volume).toHaveValue(15);
      expect(screen.getByTestId('order-total')).toHaveTextContent(/9[.,]?300/);
      await userEvent.click(screen.getByRole('radio', { name: /Efectivo/ }));

      // Without the terms accepted the order is not sent.
      await userEvent.click(screen.getByRole('button', { name: 'Confirmar pedido' }));
      expect(await screen.findByText(i18n.t('validation.termsRequired'))).toBeInTheDocument();
      expect(posted).toHaveLength(0);
      expect(screen.getByRole('link', { name: 'acuerdo de escrow' })).toHaveAttribute('href', '/escrow-agreement');
      await userEvent.click(screen.getByTestId('terms-acceptance'));

      await userEvent.click(screen.getByRole('button', { name: 'Confirmar pedido' }));
      expect(await screen.findByText(/^No pudimos registrar tu pedido\. Intenta nuevamente\./)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Confirmar pedido' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/operation/${OPERATION_ID}/participate`));

      expect(posted).toHaveLength(2);
      expect(posted[0]).toMatchObject({ volume: 15, paymentMethod: 'cash', termsVersion: TERMS_VERSION });
      expect(posted[1]!.idempotencyKey).toBe(posted[0]!.idempotencyKey);
    },
  );

  it('says clearly when the operation is full, with the waitlist slot below', async () => {
    mockApi({
      [`/api/operations/${OPERATION_ID}/order-form`]: () =>
        jsonResponse({
          ...form,
          operation: { ...form.operation, status: 'allocated', allocatedTons: 50, availableTons: 0 },
          maxOrderTons: 0,
          closedReason: 'full',
        }),
    });
    renderApp(`/operation/${OPERATION_ID}/order`, createTestQueryClient(buildSessionUser()));
    expect(await screen.findByRole('heading', { level: 2, name: 'Esta operación está completa' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar pedido' })).not.toBeInTheDocument();
  });

  it('offers no order form (nor the waitlist) to the seller of the operation, and says why', async () => {
    const fetchMock = mockApi({
      [`/api/operations/${OPERATION_ID}/order-form`]: () => jsonResponse({ ...form, closedReason: 'own_operation' }),
    });
    renderApp(`/operation/${OPERATION_ID}/order`, createTestQueryClient(buildSessionUser({ role: 'buyer' })));
    expect(await screen.findByRole('heading', { level: 2, name: 'Publicaste esta operación' })).toBeInTheDocument();
    expect(screen.getByText(/no puede participar en ella como comprador/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar pedido' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a mi panel de vendedor' })).toHaveAttribute(
      'href',
      '/seller/dashboard',
    );
    // The waitlist's join panel is for a full operation, not for its seller.
    expect(screen.queryByText('Lista de espera')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});
