import { type PaymentReviewItem } from '@tradeops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  buildSessionUser,
  createTestQueryClient,
  errorResponse,
  jsonResponse,
  mockApi,
  mockQueueDecision,
  pageResponse,
  renderApp,
} from '../../test/render';

const ORDER_ID = '5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e5f';

function item(proofRevision: number, mimeType: string): PaymentReviewItem {
  return {
    id: ORDER_ID,
    operationId: '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01',
    operationTitle: 'Leche en polvo regular',
    buyerName: 'Carlos Rivas',
    buyerEmail: 'comprador@tradeops.demo',
    companyName: 'Importadora Caribe',
    volume: 5,
    amountCents: 2_150_000,
    paymentMethod: 'wire',
    paymentReference: 'TO-7K2M9QXD4R',
    proofUploadedAt: '2026-01-03T10:00:00.000Z',
    proofMimeType: mimeType,
    proofFileName: `TO-7K2M9QXD4R.${mimeType === 'application/pdf' ? 'pdf' : 'png'}`,
    proofRevision: proofRevision,
  };
}

describe('payment queue: a confirmation on a replaced proof', () => {
  it(
    'names the proof revision shown; refused, it shows the translated message and the new proof',
    { timeout: 20_000 },
    async () => {
      const posted = mockQueueDecision({
        listPath: '/api/admin/payments',
        before: [item(1, 'application/pdf')],
        after: [item(2, 'image/png')],
        decisionPath: `/api/admin/payments/${ORDER_ID}/confirm`,
        answer: () =>
          errorResponse(
            'PAYMENT_PROOF_CHANGED',
            'El comprador envió un nuevo comprobante después del que revisaste. Revisa el comprobante actual antes de decidir.',
          ),
      });
      renderApp('/admin/payments', createTestQueryClient(buildSessionUser({ isAdmin: true })));
      const card = await screen.findByTestId('payment-TO-7K2M9QXD4R', {}, { timeout: 10_000 });
      expect(within(card).getByTitle('Comprobante de pago TO-7K2M9QXD4R')).toHaveAttribute(
        'src',
        expect.stringContaining('revision=1'),
      );
      await userEvent.click(within(card).getByRole('button', { name: 'Confirmar pago' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Sí, confirmar el pago' }));
      expect(posted).toEqual([{ proofRevision: 1 }]);
      expect(await within(card).findByRole('alert')).toHaveTextContent('El comprador envió un nuevo comprobante');
      const proof = await within(card).findByRole('img', { name: 'Comprobante de pago TO-7K2M9QXD4R' });
      expect(proof).toHaveAttribute('src', expect.stringContaining('revision=2'));
    },
  );
});

describe('payment queue: a rejection', () => {
  it(
    'asks for the reason, then sends the trimmed reason with the proof revision shown',
    { timeout: 20_000 },
    async () => {
      const posted = mockQueueDecision({
        listPath: '/api/admin/payments',
        before: [item(3, 'application/pdf')],
        after: [],
        decisionPath: `/api/admin/payments/${ORDER_ID}/reject`,
        answer: () => errorResponse('INTERNAL_ERROR', 'Error inesperado.', 500),
      });
      renderApp('/admin/payments', createTestQueryClient(buildSessionUser({ isAdmin: true })));
      const card = await screen.findByTestId('payment-TO-7K2M9QXD4R', {}, { timeout: 10_000 });
      await userEvent.click(within(card).getByRole('button', { name: 'Rechazar' }));
      const reason = within(card).getByLabelText('Motivo del rechazo (el comprador lo verá)');

      await userEvent.click(within(card).getByRole('button', { name: 'Rechazar comprobante' }));
      expect(await within(card).findByText('El motivo es requerido')).toBeInTheDocument();
      expect(reason).toHaveAttribute('aria-invalid', 'true');
      expect(posted).toEqual([]);

      await userEvent.type(reason, ' El monto no coincide ');
      await userEvent.click(within(card).getByRole('button', { name: 'Rechazar comprobante' }));
      await waitFor(() => expect(posted).toEqual([{ reason: 'El monto no coincide', proofRevision: 3 }]));
    },
  );
});

describe('payment queue: confirming asks first', () => {
  it(
    'names the amount, the buyer and the operation; going back sends nothing, yes sends the confirmation',
    { timeout: 20_000 },
    async () => {
      const posted = mockQueueDecision({
        listPath: '/api/admin/payments',
        before: [item(1, 'application/pdf')],
        after: [],
        decisionPath: `/api/admin/payments/${ORDER_ID}/confirm`,
        answer: () => jsonResponse({ order: { id: ORDER_ID } }),
      });
      renderApp('/admin/payments', createTestQueryClient(buildSessionUser({ isAdmin: true })));
      const card = await screen.findByTestId('payment-TO-7K2M9QXD4R', {}, { timeout: 10_000 });
      await userEvent.click(within(card).getByRole('button', { name: 'Confirmar pago' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirmar el pago' });
      expect(dialog).toHaveTextContent(
        '¿Confirmar el pago de $21,500 de Importadora Caribe al escrow de «Leche en polvo regular»? Referencia TO-7K2M9QXD4R.',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'No, volver' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posted).toEqual([]);

      await userEvent.click(within(card).getByRole('button', { name: 'Confirmar pago' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Sí, confirmar el pago' }));
      await waitFor(() => expect(posted).toEqual([{ proofRevision: 1 }]));
    },
  );
});

describe('payment queue: a page at a time', () => {
  it('shows how many proofs wait and loads the next page on request', { timeout: 20_000 }, async () => {
    const second = {
      ...item(1, 'application/pdf'),
      id: '5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e60',
      paymentReference: 'TO-SECOND01',
    };
    const cursors: (string | null)[] = [];
    mockApi({
      '/api/admin/payments': (url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === 'page-2'
          ? pageResponse([second], { total: 4_172 })
          : pageResponse([item(1, 'application/pdf')], { nextCursor: 'page-2', total: 4_172 });
      },
    });
    renderApp('/admin/payments', createTestQueryClient(buildSessionUser({ isAdmin: true })));
    expect(await screen.findByText('4,172 en espera', {}, { timeout: 10_000 })).toBeInTheDocument();
    // Payments are not KYC: the way back is the admin panel.
    expect(screen.getByRole('link', { name: /Volver al panel de administración/ })).toHaveAttribute('href', '/admin');
    expect(screen.getByText('Mostrando 1 de 4,172')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-TO-SECOND01')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByTestId('payment-TO-SECOND01')).toBeInTheDocument();
    expect(screen.getByTestId('payment-TO-7K2M9QXD4R')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 2 de 4,172')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(cursors).toEqual([null, 'page-2']);
  });
});
