import { type OrderResponse, type PaymentStatus } from '@tradeops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { buildSessionUser, createTestQueryClient, jsonResponse, mockApi, renderApp } from '../../../test/render';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';
const ORDER_ID = '5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e5f';

function order(paymentStatus: PaymentStatus, hasProof = false): OrderResponse {
  return {
    order: {
      id: ORDER_ID,
      operationId: OPERATION_ID,
      userId: 'user-1',
      volume: 10,
      amountCents: 12_000_000,
      paymentMethod: 'wire',
      paymentStatus,
      status: 'active',
      paymentReference: 'TO-ABCDEFGHJK',
      paymentRejectedReason: paymentStatus === 'rejected' ? 'Ilegible' : null,
      hasProof,
      proofUploadedAt: hasProof ? '2026-01-02T10:00:00.000Z' : null,
      confirmedAt: paymentStatus === 'confirmed' ? '2026-01-03T10:00:00.000Z' : null,
      expiresAt: '2026-01-04T10:00:00.000Z',
      notificationsEnabled: true,
      createdAt: '2026-01-01T10:00:00.000Z',
      escrow: { state: paymentStatus === 'confirmed' ? 'held' : 'none', heldCents: 0 },
    },
    operation: { id: OPERATION_ID, title: 'Cortes de carne premium', status: 'active' },
    instructions: { bank: null, reference: 'TO-ABCDEFGHJK', amountCents: 12_000_000 },
  };
}

/**
 * The order's API. `beforeCancelAnswer` runs once the cancel is done on the server but before its answer
 * arrives (where the cancel's live event makes the page refetch the order, already gone).
 */
function mockOrder(paymentStatus: PaymentStatus, hasProof = false, beforeCancelAnswer?: () => Promise<unknown>) {
  const cancels: string[] = [];
  let isCancelled = false;
  mockApi({
    [`/api/operations/${OPERATION_ID}/orders/mine`]: () =>
      isCancelled
        ? jsonResponse({ error: { code: 'ORDER_NOT_FOUND', message: 'No tienes un pedido.' } }, 404)
        : jsonResponse(order(paymentStatus, hasProof)),
    [`/api/orders/${ORDER_ID}/cancel`]: async (_url, init) => {
      cancels.push(String(init?.method));
      isCancelled = true;
      await beforeCancelAnswer?.();
      return jsonResponse({
        id: ORDER_ID,
        status: 'cancelled',
        endedReason: 'cancelled_by_buyer',
        endedAt: '2026-01-02T12:00:00.000Z',
      });
    },
    [`/api/operations/${OPERATION_ID}/order-form`]: () =>
      jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500),
  });
  return cancels;
}

describe('participate page: cancelling an unpaid order', () => {
  it(
    'asks first, naming the tons, the amount and the operation; then says the order is cancelled and offers a new one',
    { timeout: 20_000 },
    async () => {
      const queryClient = createTestQueryClient(buildSessionUser());
      // The live event of the cancel outruns its answer: the order is refetched (and found gone) first.
      const cancels = mockOrder('pending', false, () => queryClient.refetchQueries({ queryKey: ['orders'] }));
      const { router } = renderApp(`/operation/${OPERATION_ID}/participate`, queryClient);
      await userEvent.click(await screen.findByRole('button', { name: 'Cancelar mi pedido' }));

      const dialog = await screen.findByRole('dialog', { name: '¿Cancelar tu pedido?' });
      expect(dialog).toHaveTextContent(
        'Cancelarás tu pedido de 10 t por $120,000 en «Cortes de carne premium». Sus toneladas vuelven a la operación al instante.',
      );
      // No proof sent yet: the buyer may have paid already.
      expect(dialog).toHaveTextContent('Si ya pagaste, no canceles: sube el comprobante.');

      // "No" changes nothing.
      await userEvent.click(within(dialog).getByRole('button', { name: 'No, mantener el pedido' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(cancels).toEqual([]);

      await userEvent.click(screen.getByRole('button', { name: 'Cancelar mi pedido' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Sí, cancelar el pedido' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Pedido cancelado' })).toHaveFocus();
      expect(screen.getByRole('status')).toHaveTextContent(
        'Cancelaste tu pedido de 10 t por $120,000 en «Cortes de carne premium». Sus toneladas volvieron a la operación.',
      );
      expect(cancels).toEqual(['POST']);

      await userEvent.click(screen.getByRole('link', { name: 'Hacer un nuevo pedido' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/operation/${OPERATION_ID}/order`));
    },
  );

  it('is offered after a rejected proof too, in English, without the warning about a payment made', async () => {
    mockOrder('rejected', true);
    await applyLanguage('en');
    renderApp(`/operation/${OPERATION_ID}/participate`, createTestQueryClient(buildSessionUser({ language: 'en' })));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel my order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your order?' });
    expect(dialog).toHaveTextContent('You will cancel your order of 10 t for $120,000 in “Cortes de carne premium”.');
    expect(dialog).not.toHaveTextContent('do not cancel');
  });

  it.each(['verification', 'confirmed'] as const)('is not offered while the payment is %s', async (paymentStatus) => {
    mockOrder(paymentStatus, true);
    renderApp(`/operation/${OPERATION_ID}/participate`, createTestQueryClient(buildSessionUser()));
    expect(await screen.findByTestId('payment-reference')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar mi pedido' })).not.toBeInTheDocument();
  });
});

describe('participate page: its states', () => {
  it('says a failed load with a retry that brings the order', { timeout: 20_000 }, async () => {
    let calls = 0;
    mockApi({
      [`/api/operations/${OPERATION_ID}/orders/mine`]: () => {
        calls += 1;
        if (calls === 1) return jsonResponse({ error: { code: 'INTERNAL', message: 'Falló el servidor' } }, 500);
        return jsonResponse(order('pending'));
      },
    });
    renderApp(`/operation/${OPERATION_ID}/participate`, createTestQueryClient(buildSessionUser()));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('No pudimos cargar tu pedido.');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Cortes de carne premium')).toBeVisible();
    expect(screen.queryByText('No pudimos cargar tu pedido.')).toBeNull();
  });

  it('offers to place an order, not a retry, to a buyer with none in the deal', { timeout: 20_000 }, async () => {
    mockApi({
      [`/api/operations/${OPERATION_ID}/orders/mine`]: () =>
        jsonResponse({ error: { code: 'ORDER_NOT_FOUND', message: 'No encontramos el pedido.' } }, 404),
    });
    renderApp(`/operation/${OPERATION_ID}/participate`, createTestQueryClient(buildSessionUser()));
    expect(
      await screen.findByText('Todavía no tienes un pedido en esta operación.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Hacer un pedido' })).toHaveAttribute(
      'href',
      `/operation/${OPERATION_ID}/order`,
    );
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });
});
