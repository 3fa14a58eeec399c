import { type BuyerOrder, type ListOperationsResponse } from '@tradeops/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { buildOperation, jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { BuyerOrders, OperationsBrowser } from './buyer-dashboard';

const page: ListOperationsResponse = {
  data: [
    // The product's name is stored once, as the seller wrote it (the spec's "Milk Powder"): not a word to show a Spanish reader.
    buildOperation({
      title: 'Leche en polvo regular',
      deadline: null,
      created_at: '2026-11-01T10:00:00.000Z',
    }),
  ],
  count: 1,
  has_more: false,
};

const order: BuyerOrder = {
  id: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  operationId: '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01',
  operationTitle: 'Leche en polvo regular',
  productName: 'Milk Powder',
  operationStatus: 'active',
  volume: 5,
  amountCents: 2_150_000,
  paymentMethod: 'wire',
  paymentStatus: 'pending',
  status: 'active',
  escrowState: 'none',
  escrowHeldCents: 0,
  refundedCents: 0,
  paidOutAt: null,
  dispute: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('OperationsBrowser (buyer dashboard)', () => {
  it.each([
    ['es', 'Lácteos'],
    ['en', 'Dairy'],
  ] as const)('names each deal’s product in the viewer’s language (%s)', async (language, product) => {
    await setLanguage(language);
    mockApi({ '/api/operations': () => jsonResponse(page) });
    renderWithProviders(<OperationsBrowser />);
    expect(await screen.findByRole('link', { name: 'Leche en polvo regular' })).toBeInTheDocument();
    expect(screen.getByText(product)).toBeInTheDocument();
    if (language === 'es') expect(screen.queryByText('Milk Powder')).not.toBeInTheDocument();
  });
});

describe('BuyerOrders (the buyer’s orders)', () => {
  it('shows a failed load as an error with a retry, not as "no orders", and lists the orders once it loads', async () => {
    await setLanguage('es');
    let calls = 0;
    mockApi({
      '/api/buyer/dashboard': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'No pudimos cargar tus pedidos.' } }, 500)
          : jsonResponse({ kpis: { activeOps: 1, totalVolume: 5, completedOps: 0 }, orders: [order] });
      },
    });
    renderWithProviders(<BuyerOrders />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar tus pedidos.');
    expect(screen.queryByText('Todavía no participas en ninguna operación.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('buyer-order')).toHaveTextContent('Leche en polvo regular');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says there are no orders, with the way to browse, when the list is really empty', async () => {
    await setLanguage('es');
    mockApi({
      '/api/buyer/dashboard': () =>
        jsonResponse({ kpis: { activeOps: 0, totalVolume: 0, completedOps: 0 }, orders: [] }),
    });
    renderWithProviders(<BuyerOrders />);
    expect(await screen.findByText('Todavía no participas en ninguna operación.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
